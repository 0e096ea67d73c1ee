import { answerTo, PAGE_ANSWER_ID, type AnswerHeaders } from '../domain/page-answer';
import { pageBlock } from './page-blocks';

/** The answer a page carries to an API call ('merchants/42'), taken once; undefined when none. */
export type CarriedAnswer = <T>(call: string) => T | undefined;

/**
 * The answer to `call` that this page carries (src/domain/page-answer.ts), for a client of its own
 * API `base` that sends the same tenant headers; taken once, so a later call (a retry, the same
 * listing again, a search run again) asks the API. Undefined otherwise.
 */
export function takePageAnswer<T>(base: string, headers: AnswerHeaders, call: string): T | undefined {
  const carried = pageBlock(PAGE_ANSWER_ID, base);
  const answer = carried && answerTo(carried.data, headers, call);
  if (!carried || !answer) return undefined;
  const rest = (carried.data as unknown[]).filter((other) => other !== answer);
  if (rest.length) carried.block.textContent = JSON.stringify(rest);
  else carried.block.remove();
  return answer.body as T;
}
