import type { TExtractionData } from '@prospector/contracts';
import { sandboxAvatarPath } from '../avatars/avatar-paths.ts';
import { seededRandom } from './seeded-random.ts';
import {
  COUNTRIES,
  EMAIL_MAILBOXES,
  FIRST_NAMES,
  LAST_NAMES,
  MONTHS,
  TOPICS,
} from './synthetic-vocabulary.ts';

export type TTopic = (typeof TOPICS)[number];

/** How the sample e-mail of a profile is shown, so every provenance path gets exercised. */
export type TSampleEmailPlacement = 'public_email' | 'business_email' | 'biography' | 'biography_obfuscated';

/** A synthetic account before it is shaped into extraction_data (the e-mail still knows where it sits). */
export interface TSyntheticAccount {
  profile: Omit<TExtractionData, 'public_email' | 'email_provenance' | 'other_emails'>;
  /** The address the profile shows, if any, and where. */
  email: { address: string; placement: TSampleEmailPlacement } | null;
  businessEmail: string | null;
  publicEmail: string | null;
}

/**
 * Usernames that force an outcome, so journeys and demos can count on one: `…notfound…` does not
 * exist, `…noemail…` shows no address, `…withemail…` shows one (in its public e-mail field),
 * `…private…` is a private account (which never shows an address), `…website…` shows none but
 * links a sample site whose contact page holds one (src/websites/sandbox/sandbox-sites.ts), and
 * `…bounce…` shows one on its own domain, which has no mail server (the sandbox's DNS says so:
 * email-check/sandbox-mail-dns.ts). The README's "Trying every feature in the sandbox" names each
 * (a test holds it to this list). `…biocode…` is an account whose bio passes every opt-out bio check
 * (`sandboxBioShowsAnyCode`): the sandbox cannot know the code a request was given.
 */
export const SANDBOX_FORCING_WORDS = [
  'notfound',
  'noemail',
  'withemail',
  'private',
  'website',
  'bounce',
] as const;
export type TSandboxForcingWord = (typeof SANDBOX_FORCING_WORDS)[number];

const forced = (username: string) => {
  const has = (word: TSandboxForcingWord) => username.includes(word);
  return {
    notFound: has('notfound'),
    noEmail: has('noemail') || has('website'),
    withEmail: has('withemail') || has('bounce'),
    bounce: has('bounce'),
    isPrivate: has('private'),
    linksWebsite: has('website'),
  };
};

/** Whether the sandbox account's bio counts as showing any opt-out code (`…biocode…`, docs/product.md §10). */
export const sandboxBioShowsAnyCode = (username: string) => username.toLowerCase().includes('biocode');

/** The topic an account belongs to: the first topic word in its handle, else one chosen by its hash. */
export function topicOf(username: string): TTopic {
  const byWord = TOPICS.find((topic) => topic.words.some((word) => username.includes(word)));
  return byWord ?? seededRandom(`topic:${username}`).pick(TOPICS);
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
/** "Chloé de Vries" → "chloe de vries": the letters an address can use. */
const asciiOf = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[^a-zA-Z ]/g, '')
    .toLowerCase();
const slugOf = (username: string) => username.replace(/[^a-z0-9]/g, '') || 'account';

/** True when the sandbox says this username exists (about 95% do). */
export function sandboxAccountExists(username: string): boolean {
  const force = forced(username);
  if (force.notFound) return false;
  if (force.noEmail || force.withEmail || force.isPrivate) return true;
  return !seededRandom(`exists:${username}`).chance(0.05);
}

/**
 * The sample account for a username: the same input gives the same account on every call, machine
 * and release. Null when the username "does not exist" (about 5%).
 */
export function syntheticAccount(username: string): TSyntheticAccount | null {
  if (!sandboxAccountExists(username)) return null;
  const force = forced(username);
  const random = seededRandom(`profile:${username}`);
  const topic = topicOf(username);

  const isBusiness = random.chance(0.45);
  const tokens = username.split(/[._\d]+/).filter((token) => token.length > 1);
  const fullName =
    isBusiness && tokens.length > 0
      ? tokens.map(capitalise).join(' ')
      : `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
  const category = isBusiness || random.chance(0.5) ? random.pick(topic.categories) : null;

  // Follower counts spread over orders of magnitude, as real ones do.
  const followers = Math.round(10 ** (2 + random.next() * 4.7));
  const isVerified = followers > 300_000 ? random.chance(0.6) : random.chance(0.02);
  const isPrivate = force.isPrivate || (!force.withEmail && !force.noEmail && random.chance(0.12));
  const slug = slugOf(username);
  const country = random.pick(COUNTRIES);
  const externalUrl =
    isBusiness || random.chance(0.25) || force.linksWebsite ? `https://${slug}.example.com` : null;

  let email: TSyntheticAccount['email'] = null;
  const showsEmail = force.withEmail || (!force.noEmail && !isPrivate && random.chance(0.46));
  if (showsEmail) {
    // example.com is reserved for examples (RFC 2606) and has a public suffix, as a real address must.
    const address = force.bounce
      ? `${asciiOf(fullName).replace(/ /g, '.') || 'hello'}@${slug}.example.com`
      : isBusiness
        ? `${random.pick(EMAIL_MAILBOXES)}@${slug}.example.com`
        : `${asciiOf(fullName).replace(/ /g, '.')}@mail.example.com`;
    const roll = random.next();
    const placement: TSampleEmailPlacement = force.withEmail
      ? 'public_email'
      : roll < 0.45
        ? 'public_email'
        : roll < 0.65
          ? 'business_email'
          : roll < 0.9
            ? 'biography'
            : 'biography_obfuscated';
    email = { address, placement };
  }

  const bioLines: string[] = [random.pick(topic.bios)];
  if (random.chance(0.5)) bioLines.push(`📍 ${country}`);
  if (email?.placement === 'biography') bioLines.push(`📩 ${email.address}`);
  if (email?.placement === 'biography_obfuscated') {
    const [local, domain] = email.address.split('@');
    bioLines.push(`Collabs: ${local} [at] ${domain?.replace(/\.(?=[^.]+$)/, ' [dot] ')}`);
  }
  // Some businesses list a second address, as real bios do (booking and press); drawn apart, so the
  // rest of every profile stays as it was.
  if (isBusiness && email && seededRandom(`press:${username}`).chance(0.3))
    bioLines.push(`Press: press@${slug}.example.com`);
  if (random.chance(0.3))
    bioLines.push(`Follow @${random.pick(topic.words)}.${random.pick(['daily', 'club'])}`);

  return {
    profile: {
      username,
      full_name: fullName,
      follower_count: followers,
      following_count: random.int(40, 2_500),
      media_count: random.int(0, 3_200),
      is_verified: isVerified,
      is_private: isPrivate,
      category,
      country,
      date_joined: `${random.pick(MONTHS)} ${random.int(2011, 2024)}`,
      external_url: externalUrl,
      biography: bioLines.join('\n'),
      profile_pic_url: sandboxAvatarPath(username),
    },
    email,
    publicEmail: email?.placement === 'public_email' ? email.address : null,
    businessEmail: email?.placement === 'business_email' ? email.address : null,
  };
}
