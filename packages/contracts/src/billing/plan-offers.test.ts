import { describe, expect, it } from 'vitest';
import { RUN_SOURCES, type TRunSource } from '../extractions/runs.ts';
import { PLAN_LIMITS, type TPlanLimits } from './plan-limits.ts';
import { PLAN_OFFERS, TRIAL_FEATURES } from './plan-offers.ts';
import type { TPlanId } from './plans.ts';

const number = (text: string) => Number(text.replaceAll(',', ''));

/**
 * The claims a plan card may make, each checked against the plan's limits. A line no rule recognises
 * is a claim nothing enforces.
 */
const RULES: Array<{ pattern: RegExp; holds: (limits: TPlanLimits, match: RegExpMatchArray) => boolean }> = [
  {
    pattern: /^([\d,]+) credits every month$/,
    holds: (limits, [, n]) => number(n as string) === limits.credits,
  },
  { pattern: /^([\d,]+) free credits$/, holds: (limits, [, n]) => number(n as string) === limits.credits },
  {
    pattern: /^Up to ([\d,]+) usernames per batch$/,
    holds: (limits, [, n]) => number(n as string) === limits.maxUsernamesPerRun,
  },
  {
    pattern: /^Every tool: usernames, batches, keywords, similar accounts$/,
    holds: (limits) => RUN_SOURCES.every((tool: TRunSource) => limits.tools.includes(tool)),
  },
  {
    pattern: /^Follower, following and hashtag lists of up to ([\d,]+) accounts$/,
    holds: (limits, [, n]) => number(n as string) === limits.maxListedAccounts,
  },
  { pattern: /^CSV export$/, holds: (limits) => limits.csvExport },
  {
    pattern: /^REST API: ([\d,]+) requests per hour$/,
    holds: (limits, [, n]) => number(n as string) === limits.apiRequestsPerHour,
  },
];

function check(plan: TPlanId, line: string): string | null {
  for (const rule of RULES) {
    const match = line.match(rule.pattern);
    if (match)
      return rule.holds(PLAN_LIMITS[plan], match) ? null : `${plan}: "${line}" is not what the plan gets`;
  }
  return `${plan}: "${line}" claims something the product does not enforce`;
}

describe('plan cards tell the truth', () => {
  const cards: Array<[TPlanId, readonly string[]]> = [
    ['trial', TRIAL_FEATURES],
    ...PLAN_OFFERS.map((offer): [TPlanId, readonly string[]] => [offer.id, offer.features]),
  ];

  it('every line of every card is a limit the product enforces for that plan', () => {
    const problems = cards.flatMap(([plan, lines]) => lines.map((line) => check(plan, line)));
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('no paid card sells a limit every plan has as its own: what sets plans apart is their credits', () => {
    const shared = (key: keyof TPlanLimits) =>
      new Set(Object.values(PLAN_LIMITS).map((limits) => JSON.stringify(limits[key]))).size === 1;
    expect(
      shared('tools') && shared('maxUsernamesPerRun') && shared('csvExport') && shared('apiRequestsPerHour'),
    ).toBe(true);
    // So every card lists them alike: only the credits line, and the list size where a plan lifts it, differ.
    const isListLine = (line: string) => line.includes(' lists of up to ');
    const rest = cards.map(([, lines]) => JSON.stringify(lines.slice(1).filter((line) => !isListLine(line))));
    expect(new Set(rest).size).toBe(1);
  });

  it('the plan that lifts the list size says so, and only that plan (Enterprise: 5,000 accounts)', () => {
    const withListLine = PLAN_OFFERS.filter((offer) =>
      offer.features.some((line) => line.includes(' lists of up to ')),
    );
    expect(withListLine.map((offer) => offer.id)).toEqual(
      PLAN_OFFERS.filter(
        (offer) => PLAN_LIMITS[offer.id].maxListedAccounts > PLAN_LIMITS.trial.maxListedAccounts,
      ).map((offer) => offer.id),
    );
    expect(PLAN_OFFERS.find((offer) => offer.key === 'enterprise')?.features[1]).toBe(
      'Follower, following and hashtag lists of up to 5,000 accounts',
    );
    expect(TRIAL_FEATURES.some((line) => line.includes(' lists of up to '))).toBe(false);
  });

  it('catches a claim nothing provides', () => {
    expect(check('package_3', '1000 requests per hour')).toMatch(/does not enforce/);
    expect(check('package_3', 'REST API: 5,000 requests per hour')).toMatch(/not what the plan gets/);
    expect(check('package_3', 'Priority support within 4 hours')).toMatch(/does not enforce/);
    expect(check('package_1', '10,000 credits every month')).toMatch(/not what the plan gets/);
  });
});
