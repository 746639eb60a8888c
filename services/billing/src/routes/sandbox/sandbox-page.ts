import {
  PLANS,
  TOP_UP_PACKS,
  type TPaidPlanId,
  type TTopUpPackId,
  topUpPackLabel,
} from '@prospector/contracts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The sandbox's stand-in for Stripe's hosted checkout page: two real forms, usable by keyboard. */
export function renderSandboxCheckoutPage(input: {
  purchase: { plan: TPaidPlanId } | { topUpPack: TTopUpPackId };
  email: string | null;
  payAction: string;
  cancelAction: string;
}): string {
  const bought =
    'plan' in input.purchase
      ? {
          title: PLANS[input.purchase.plan].label,
          priceCents: PLANS[input.purchase.plan].priceCents,
          per: 'per month',
          creditsLabel: 'Credits every month',
          credits: PLANS[input.purchase.plan].credits,
        }
      : {
          title: `credit pack — ${topUpPackLabel(TOP_UP_PACKS[input.purchase.topUpPack])}`,
          priceCents: TOP_UP_PACKS[input.purchase.topUpPack].priceCents,
          per: 'once',
          creditsLabel: 'Credits added now',
          credits: TOP_UP_PACKS[input.purchase.topUpPack].credits,
        };
  const price = `$${(bought.priceCents / 100).toFixed(2)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout · ${escapeHtml(bought.title)}</title>
<style>
  *, *::before, *::after { box-sizing: border-box; }
  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #111827; margin: 0; display: grid; place-items: center; min-height: 100vh; padding: 1rem; }
  /* The padding is inside the width (border-box), so the card fits a 390 px phone; a long address wraps. */
  main { background: #fff; border-radius: 12px; box-shadow: 0 4px 24px rgb(0 0 0 / 0.08); padding: clamp(1.25rem, 5vw, 2rem); width: 100%; max-width: 26rem; min-width: 0; overflow-wrap: anywhere; }
  .notice { background: #fef3c7; color: #92400e; border-radius: 8px; padding: 0.5rem 0.75rem; font-size: 0.875rem; margin: 0 0 1.5rem; }
  h1 { font-size: 1.25rem; margin: 0 0 0.25rem; }
  .price { font-size: 2rem; font-weight: 700; margin: 0.5rem 0; }
  .price span { font-size: 1rem; font-weight: 400; color: #6b7280; }
  dl { margin: 1rem 0 1.5rem; font-size: 0.9rem; } dt { color: #6b7280; } dd { margin: 0 0 0.5rem; }
  .actions { display: flex; gap: 0.75rem; } form { flex: 1; }
  button { width: 100%; padding: 0.75rem; border-radius: 8px; font-size: 1rem; cursor: pointer; border: 1px solid #d1d5db; background: #fff; }
  button.pay { background: #4f46e5; border-color: #4f46e5; color: #fff; font-weight: 600; }
  button:focus-visible { outline: 3px solid #a5b4fc; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <p class="notice" role="note">Sandbox payment — no card is charged.</p>
  <h1>Prospector ${escapeHtml(bought.title)}</h1>
  <p class="price">${price} <span>${bought.per}</span></p>
  <dl>
    <dt>${bought.creditsLabel}</dt><dd>${bought.credits.toLocaleString('en-US')}</dd>
    ${input.email ? `<dt>Account</dt><dd>${escapeHtml(input.email)}</dd>` : ''}
  </dl>
  <div class="actions">
    <form method="post" action="${escapeHtml(input.cancelAction)}"><button type="submit">Cancel</button></form>
    <form method="post" action="${escapeHtml(input.payAction)}"><button type="submit" class="pay" autofocus>Pay ${price}</button></form>
  </div>
</main>
</body>
</html>`;
}
