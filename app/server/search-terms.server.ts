/**
 * The owner's search box read into terms (docs/decisions/0102): every term
 * must match. A run of words that look like parts of a phone number
 * ("(616) 555-0199", "+1 616 555 0199") is one term, which matches a phone
 * holding its digits, whatever the format either was typed in, or else each
 * of its words as text; any other word is a term of its own. A word of phone
 * characters alone ("5550199", "616.555.0199", "2019") may be either.
 */
export interface SearchTerm {
  /** Each must occur in the text searched (lower-cased; LIKE's wildcards taken literally). */
  likes: string[];
  /** The digits a phone must contain, up to the last ten; "" when the term cannot be a phone (fewer than three). */
  digits: string;
}

/** At most this many words are searched for (a pasted paragraph is not a search). */
const MAX_WORDS = 8;
/** A phone needs at least this many digits before it is looked for by them. */
const MIN_PHONE_DIGITS = 3;
const PHONE_WORD = /^[+(]*\d[\d().-]*$/;

export function searchTerms(q: string): SearchTerm[] {
  const words = q.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  const terms: SearchTerm[] = [];
  for (let i = 0; i < words.length; ) {
    let end = i;
    while (end < words.length && PHONE_WORD.test(words[end]!)) end++;
    const run = end > i ? words.slice(i, end) : [words[i]!];
    terms.push({ likes: run.map(like), digits: end > i ? phoneSearchDigits(run) : "" });
    i += run.length;
  }
  return terms;
}

/** The digits of a run of phone words, the country code of "+1 616 …" left out, at most the last ten (as phone_digits keeps them). */
function phoneSearchDigits(run: string[]): string {
  const words = run.length > 1 && /^\+?1$/.test(run[0]!) ? run.slice(1) : run;
  const digits = words.join("").replace(/\D/g, "").slice(-10);
  return digits.length >= MIN_PHONE_DIGITS ? digits : "";
}

/** `%word%`, lower-cased, with LIKE's own characters escaped. */
export function like(word: string): string {
  return `%${word.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
}

/** `%digits%`: a phone_digits column holding them. */
export const digitsLike = (digits: string) => `%${digits}%`;
