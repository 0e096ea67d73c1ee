import { answersCall, PAGE_ANSWER_ID, type AnswerHeaders } from '../domain/page-answer';
import { pageBlock } from './page-blocks';

/** The answer a page carries to an API call ('merchants/42'), taken once; undefined when none. */
export type CarriedAnswer = <T>(call: string) => T | undefined;

/**
 * The answer to `call` that this page carries (src/domain/page-answer.ts), for a client of its own
 * API `base` that sends the same tenant headers; taken once, so a later call (a retry, the same
 * listing again) asks the API. Undefined otherwise.
 */
export function takePageAnswer<T>(base: string, headers: AnswerHeaders, call: string): T | undefined {
  const carried = pageBlock(PAGE_ANSWER_ID, base);
  if (!carried || !answersCall(carried.data, headers, call)) return undefined;
  carried.block.remove();
  return carried.data.body as T;
}
