/**
 * The words the e-mail scanner (scan-emails.ts) weighs around a weak at ("name at …", "name @ …")
 * and a change of script: which say an address follows, which make a sentence of it, which mail
 * domains are only ever mailboxes. Lower case; rules in `providers/README.md`, "E-mail".
 */

/** Platform names before `@`: "IG@anna.me" names a handle, not a mailbox. */
export const PLATFORM_LABELS = new Set(
  'ig insta instagram tw twitter tiktok tt fb facebook yt youtube snap snapchat sc threads twitch'.split(' '),
);

/** Words that stand before " at " in sentences, never as a mailbox ("meet me at park dot com"). */
export const SENTENCE_WORDS = new Set(
  (
    'me us you him her them it this that here there we i they she he my our your is are was be or and ' +
    'the a an to in on by of for with from out up now today tonight online home live available'
  ).split(' '),
);

/**
 * Words that stand before " at " when it says where to buy, listen or go ("tickets at
 * ticketmaster.com", "shop at etsy.com"), never as a mailbox written with a bare "at".
 */
export const PLACE_WORDS = new Set(
  (
    'shop shopping store stores tickets ticket merch sale order orders preorder buy stream streaming ' +
    'listen watch read find visit more details link links learn apply join register subscribe donate ' +
    'download tour gigs show shows also only exclusively music video videos photos pics blog podcast ' +
    'look see check go come meet stop drop pop work rest art recipes workshops classes courses lessons prints'
  ).split(' '),
);

/** What people are at a company ("designer at figma.com", "currently at acme.com"), never a mailbox. */
export const ROLE_WORDS = new Set(
  (
    'designer developer dev engineer founder cofounder co-founder ceo cto cfo coo cmo cpo vp head lead ' +
    'director manager intern student artist chef cook barista writer editor author producer photographer ' +
    'videographer model actor actress dancer singer rapper musician dj teacher coach trainer nurse doctor ' +
    'consultant analyst researcher scientist professor partner owner creator maker marketer strategist ' +
    'architect illustrator animator stylist baker bartender curator currently formerly previously ex ' +
    'working proudly'
  ).split(' '),
);

/** Mailboxes businesses use, taken with a bare "at" even as plain words ("bookings at studio.de"). */
export const ROLE_MAILBOXES = new Set(
  (
    'hello hi hey info contact booking bookings press pr mgmt management team office mail email sales ' +
    'support studio hola ciao bonjour kontakt hallo enquiries inquiries collab collabs partnerships ' +
    'business orders jobs careers admin'
  ).split(' '),
);
/** Endings of mail domains written with a bare "at": the classic ones and country codes, not `.club`. */
export const BARE_AT_ENDINGS = new Set('com net org edu gov io co me info biz email'.split(' '));

/**
 * Labels of unspaced scripts that end right before an address ("メールはtaro@…", "邮箱abc@…",
 * "ติดต่อsomchai@…"): "e-mail", "contact", "work with", "here", "to", "is", and the particles that
 * end a phrase.
 */
export const LABEL_BEFORE_ADDRESS =
  /(?:邮箱|邮件|郵箱|郵件|电邮|電郵|信箱|联系|聯繫|联络|聯絡|方式|合作|商务|商務|投稿|メール|メアド|アドレス|連絡|問い合わせ|問合せ|依頼|相談|こちら|まで|から|より|です|อีเมล|อีเมล์|ติดต่อ|สอบถาม|งาน|ที่|[先至到发發是为為はをにへでとがもかや])$/u;

/** Mail providers whose domain is never a shop or a website: "name at gmail.com" is an address. */
export const MAILBOX_DOMAINS = new Set(
  (
    'gmail.com googlemail.com yahoo.com ymail.com rocketmail.com hotmail.com outlook.com live.com msn.com ' +
    'icloud.com me.com mac.com aol.com protonmail.com proton.me pm.me zoho.com mail.com gmx.com gmx.de ' +
    'gmx.net web.de t-online.de mail.ru inbox.ru list.ru bk.ru yandex.ru yandex.com rambler.ru qq.com ' +
    '163.com 126.com naver.com hanmail.net daum.net libero.it virgilio.it tiscali.it orange.fr free.fr ' +
    'laposte.net wanadoo.fr sfr.fr seznam.cz wp.pl o2.pl interia.pl hotmail.co.uk yahoo.co.uk ' +
    'hotmail.fr hotmail.it hotmail.es yahoo.fr yahoo.it yahoo.es yahoo.de outlook.fr outlook.it outlook.es ' +
    'outlook.de bol.com.br uol.com.br terra.com.br'
  ).split(' '),
);

/** Words that say an address follows ("Email: anna @ bakery.fr"), not a shop, a venue or a job. */
export const MAIL_CUE =
  /e-?mail|\bmail\b|contact|booking|inquir|enquir|business|collab|\bpr\b|press\b|mgmt|management|correo|kontakt|contatto|contato|courriel|почта|邮箱|メール|이메일|[📧📩📨📬📮💌✉]/iu;
