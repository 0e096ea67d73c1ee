// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { servedEdits } from '../../../src/ui/served-edits';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A form as the server draws it, and the events each control hears from now on. */
function servedForm() {
  document.body.innerHTML = `<form>
    <input name="keywords" value="">
    <input name="location" value="Austin, TX">
    <select name="distance"><option value="5">5</option><option value="50" selected>50</option></select>
    <select name="sort"><option value="relevance">Relevance</option><option value="distance">Distance</option></select>
    <input type="checkbox" name="offers">
    <textarea name="note"></textarea>
  </form>`;
  const heard: string[] = [];
  for (const type of ['input', 'change'])
    document.body.addEventListener(type, (event) => {
      const control = event.target as HTMLInputElement;
      heard.push(`${type} ${control.name}=${control.type === 'checkbox' ? control.checked : control.value}`);
    });
  const control = <T extends Element>(name: string) => document.querySelector<T>(`[name="${name}"]`)!;
  return { heard, control };
}

describe('servedEdits (what a visitor did in the server’s form before its code ran)', () => {
  it('tells of each control the visitor changed, with the event the change fires, and of no other', () => {
    const { heard, control } = servedForm();
    control<HTMLInputElement>('keywords').value = 'massage';
    control<HTMLSelectElement>('distance').value = '5';
    control<HTMLInputElement>('offers').checked = true;
    const replay = servedEdits(document.body);
    expect(heard).toEqual([]);
    replay();
    expect(heard).toEqual(['input keywords=massage', 'change distance=5', 'change offers=true']);
  });

  it('finds nothing to tell in a form left as the server drew it (its first option chosen too)', () => {
    const { heard } = servedForm();
    servedEdits(document.body)();
    expect(heard).toEqual([]);
  });

  it('puts the visitor’s value back where a draw wrote the server’s over it before the telling', () => {
    const { heard, control } = servedForm();
    control<HTMLInputElement>('location').value = 'Dallas';
    control<HTMLSelectElement>('sort').value = 'distance';
    const replay = servedEdits(document.body);
    control<HTMLInputElement>('location').value = 'Austin, TX';
    control<HTMLSelectElement>('sort').value = 'relevance';
    replay();
    expect(heard).toEqual(['input location=Dallas', 'change sort=distance']);
    expect(control<HTMLInputElement>('location').value).toBe('Dallas');
  });
});
