/**
 * A statement's query plan as it runs, for the benches and the tests that read plans: a prepared
 * statement (QueryOptions.prepared) runs with its one plan for any values, which a plain EXPLAIN
 * of its text does not show (that plans for the values at hand, folding them into constants).
 */
import type { Db, QueryOptions } from './driver';

let explained = 0;

/**
 * EXPLAIN (`options`, e.g. 'format json' or 'analyze, buffers') of a statement, as the driver runs
 * it: prepared, it is prepared here and planned as the driver plans it (plan_cache_mode
 * force_generic_plan), then explained with its values. `settings` (SET LOCAL …) are made first,
 * in the same transaction. The rows of EXPLAIN, one line or one JSON document each.
 */
export function explainAsRun(
  db: Pick<Db, 'transaction'>,
  statement: { text: string; values: unknown[] },
  {
    prepared = false,
    options = 'format json',
    settings = '',
  }: QueryOptions & { options?: string; settings?: string } = {},
): Promise<unknown[]> {
  return db.transaction(async (tx) => {
    if (settings) await tx.exec(settings);
    if (!prepared) {
      return (await tx.query(`explain (${options}) ${statement.text}`, statement.values)).rows;
    }
    // A name of its own: prepared statements outlive a transaction, and one left by a failed
    // explain would be in the way of the next.
    const name = `explained_${++explained}`;
    await tx.exec(`set local plan_cache_mode = force_generic_plan; prepare ${name} as ${statement.text}`);
    const { rows } = await tx.query<{ types: string[] }>(
      'select parameter_types::text[] as types from pg_prepared_statements where name = $1',
      [name],
    );
    const types = rows[0]?.types ?? [];
    // EXPLAIN EXECUTE takes no parameters of its own: its values are written in as literals of
    // their types, which the database writes.
    const { rows: written } = await tx.query<{ literals: string[] }>(
      `select array[${types.map((type, index) => `quote_nullable($${index + 1}::${type})`).join(', ')}]::text[]
         as literals`,
      statement.values,
    );
    const literals = written[0]!.literals.map((literal, index) => `${literal}::${types[index]}`);
    const explanation = await tx.query(
      `explain (${options}) execute ${name}${literals.length ? `(${literals.join(', ')})` : ''}`,
    );
    await tx.exec(`deallocate ${name}`);
    return explanation.rows;
  });
}
