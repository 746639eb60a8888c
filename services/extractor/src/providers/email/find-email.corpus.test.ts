import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findEmailsInField, findEmailsInText, findEmailsInUrl } from './find-email.ts';

/**
 * The reader measured on a corpus of written cases (find-email.corpus.json): the shapes of the
 * isemail and validator.js suites read as e-mail fields, RFC 6531 addresses, obfuscations, links,
 * and Instagram biographies. Each case lists every address it holds, or none. One credit is charged
 * per address, so a wrong address (precision) and a cut or stretched one (altered) matter most.
 */

interface TCorpusCase {
  origin: string;
  source: 'bio' | 'field' | 'url';
  text: string;
  expected: string[];
}

const CORPUS = JSON.parse(
  readFileSync(new URL('./find-email.corpus.json', import.meta.url), 'utf8'),
) as TCorpusCase[];

const READERS: Record<TCorpusCase['source'], (text: string) => string[]> = {
  bio: findEmailsInText,
  field: findEmailsInField,
  url: findEmailsInUrl,
};

interface TScore {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** Answers given where another address was expected: a cut, stretched or different address. */
  altered: number;
  mistakes: string[];
}

function score(cases: TCorpusCase[]): TScore {
  const result: TScore = { truePositives: 0, falsePositives: 0, falseNegatives: 0, altered: 0, mistakes: [] };
  for (const entry of cases) {
    const answer = READERS[entry.source](entry.text);
    const wrong = answer.filter((email) => !entry.expected.includes(email));
    const missed = entry.expected.filter((email) => !answer.includes(email));
    result.truePositives += answer.length - wrong.length;
    result.falsePositives += wrong.length;
    result.falseNegatives += missed.length;
    if (entry.expected.length > 0) result.altered += wrong.length;
    if (wrong.length > 0 || missed.length > 0)
      result.mistakes.push(
        `${entry.source} ${JSON.stringify(entry.text)}: got ${JSON.stringify(answer)}, expected ${JSON.stringify(entry.expected)}`,
      );
  }
  return result;
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

describe('the e-mail reader on the corpus', () => {
  it('has enough cases, each with its addresses already in the reader’s canonical form', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(250);
    for (const entry of CORPUS) {
      for (const email of entry.expected) expect(email).toBe(email.normalize('NFC').toLowerCase());
    }
  });

  it('reads with precision ≥ 0.99, recall ≥ 0.97 and no altered address', () => {
    const result = score(CORPUS);
    const precision = ratio(result.truePositives, result.truePositives + result.falsePositives);
    const recall = ratio(result.truePositives, result.truePositives + result.falseNegatives);
    const byOrigin = [...new Set(CORPUS.map((entry) => entry.origin))].map((origin) => {
      const part = score(CORPUS.filter((entry) => entry.origin === origin));
      return `${origin}: ${part.truePositives} found, ${part.falsePositives} wrong, ${part.falseNegatives} missed`;
    });
    console.log(
      [
        `e-mail corpus: ${CORPUS.length} cases, ${result.truePositives + result.falseNegatives} addresses`,
        `precision ${precision.toFixed(4)} (${result.falsePositives} wrong), recall ${recall.toFixed(4)} (${result.falseNegatives} missed), altered ${result.altered}`,
        ...byOrigin.map((line) => `  ${line}`),
        ...result.mistakes.map((line) => `  ✗ ${line}`),
      ].join('\n'),
    );
    expect(result.altered, result.mistakes.join('\n')).toBe(0);
    expect(precision, result.mistakes.join('\n')).toBeGreaterThanOrEqual(0.99);
    expect(recall, result.mistakes.join('\n')).toBeGreaterThanOrEqual(0.97);
  });
});
