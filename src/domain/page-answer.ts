/**
 * The answers to a hosted page's first API calls, carried by the page itself: server/site.ts writes
 * them as a JSON data block, a list (server/page-boot.ts), src/api/page-answer.ts takes each, so
 * a listing, an offer or a search page draws its element without asking the API first, one round
 * trip sooner.
 */
export const PAGE_ANSWER_ID = 'wellspring-answer';

export interface PageAnswer {
  /** The call answered, as the API client names it: 'merchants/12', 'offers/7?include=listing'. */
  call: string;
  /** The tenant headers it was read with (spec 7): only a client sending the same takes it. */
  publisherId: number;
  includedPrograms: string[];
  /** GET {call}'s answer with those headers. */
  body: unknown;
}

/** The tenant headers a client sends (spec 7): its publisher and its programs. */
export interface AnswerHeaders {
  publisherId: number;
  includedPrograms?: string[] | undefined;
}

/**
 * Whether `answer` (as a page carries it: read from its HTML, so of any shape) is the answer to
 * `call` for a client sending `headers`: the same call, read with the same tenant headers.
 */
export function answersCall(answer: unknown, headers: AnswerHeaders, call: string): answer is PageAnswer {
  const carried = answer as Partial<PageAnswer> | null | undefined;
  return (
    carried?.call === call &&
    carried.publisherId === headers.publisherId &&
    Array.isArray(carried.includedPrograms) &&
    carried.includedPrograms.join(',') === (headers.includedPrograms ?? []).join(',')
  );
}

/** The answer among `answers` (a page's block: of any shape) to `call` for a client sending `headers`. */
export function answerTo(answers: unknown, headers: AnswerHeaders, call: string): PageAnswer | undefined {
  return Array.isArray(answers) ? answers.find((answer) => answersCall(answer, headers, call)) : undefined;
}
