/**
 * The sandbox's hosted checkout page: plain server HTML, no script, readable at 360 px.
 * It stands in for checkout.flutterwave.com and says plainly that no money moves.
 */
import { escapeHtml } from '../../http/escape-html.ts';

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f3f4f6;color:#111827}
.banner{background:#fef3c7;color:#78350f;border-bottom:2px solid #f59e0b;padding:.75rem 1rem;text-align:center;font-weight:700}
main{max-width:26rem;margin:1.5rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #e5e7eb;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{font-size:1.25rem;margin:0 0 .25rem}.muted{color:#4b5563;font-size:.9rem;margin:.25rem 0;overflow-wrap:anywhere}
.amount{font-size:2rem;font-weight:800;margin:1rem 0}
form{display:flex;flex-direction:column;gap:.75rem;margin-top:1rem}
button,a.btn{display:block;width:100%;padding:.8rem 1rem;border-radius:.5rem;font:inherit;font-weight:700;text-align:center;cursor:pointer;text-decoration:none}
.pay{background:#16a34a;color:#fff;border:0}.pay:hover{background:#15803d}
.cancel{background:#fff;color:#111827;border:1px solid #d1d5db}.cancel:hover{background:#f3f4f6}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
`;

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body><div class="banner" role="note">Sandbox — no real money moves</div><main>${body}</main></body></html>`
  );
}

export function hostedPayPage(p: { action: string; amount: number; currency: string; title: string; description: string; email: string }): string {
  return page(
    `Pay ${p.currency} ${p.amount} — Flutterwave sandbox`,
    `<div class="card"><h1>${escapeHtml(p.title)}</h1><p class="muted">${escapeHtml(p.description)}</p>` +
      `<p class="amount">${escapeHtml(p.currency)} ${escapeHtml(String(p.amount))}</p>` +
      `<p class="muted">Paying as ${escapeHtml(p.email)}</p>` +
      `<form method="post" action="${escapeHtml(p.action)}">` +
      `<button class="pay" type="submit" name="choice" value="pay">Pay with M-Pesa (test)</button>` +
      `<button class="cancel" type="submit" name="choice" value="cancel">Cancel</button>` +
      `</form></div>`,
  );
}

export function hostedDonePage(p: { message: string; returnUrl: string | null }): string {
  return page(
    'Flutterwave sandbox',
    `<div class="card"><h1>${escapeHtml(p.message)}</h1>` +
      (p.returnUrl ? `<p><a class="btn pay" href="${escapeHtml(p.returnUrl)}">Return to the merchant</a></p>` : '') +
      `</div>`,
  );
}
