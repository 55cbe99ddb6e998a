/**
 * The sandbox's simulated handset: the STK prompt as a plain server page (no script, 360 px),
 * where a tester answers the way a customer can. It says plainly that no money moves.
 */
import { escapeHtml } from '../../http/escape-html.ts';

export const PHONE_ANSWERS = [
  { value: 'accept', label: 'Enter PIN and pay' },
  { value: 'cancel', label: 'Cancel the prompt' },
  { value: 'timeout', label: 'Let it time out' },
  { value: 'insufficient', label: 'Pay with too little balance' },
  { value: 'wrong-pin', label: 'Enter a wrong PIN' },
  { value: 'unreachable', label: 'Phone off or out of network' },
] as const;

export type PhoneAnswer = (typeof PHONE_ANSWERS)[number]['value'];

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f3f4f6;color:#111827}
.banner{background:#fef3c7;color:#78350f;border-bottom:2px solid #f59e0b;padding:.75rem 1rem;text-align:center;font-weight:700}
main{max-width:22rem;margin:1.5rem auto;padding:0 1rem}
.phone{background:#111827;border-radius:1.5rem;padding:1rem}
.screen{background:#fff;border-radius:1rem;padding:1.25rem}
h1{font-size:1.1rem;margin:0 0 .5rem}p{margin:.5rem 0;overflow-wrap:anywhere}
form{display:flex;flex-direction:column;gap:.5rem;margin-top:1rem}
button,a.btn{display:block;width:100%;padding:.7rem 1rem;border-radius:.5rem;font:inherit;font-weight:700;text-align:center;cursor:pointer;text-decoration:none;background:#fff;color:#111827;border:1px solid #d1d5db}
button.pay,a.btn{background:#16a34a;color:#fff;border:0}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
`;

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body><div class="banner" role="note">Sandbox — no real money moves</div><main><div class="phone"><div class="screen">${body}</div></div></main></body></html>`
  );
}

export function phonePromptPage(p: { action: string; msisdn: string; amount: number; accountReference: string; businessName: string }): string {
  const buttons = PHONE_ANSWERS.map(
    (a) => `<button type="submit" name="answer" value="${a.value}"${a.value === 'accept' ? ' class="pay"' : ''}>${escapeHtml(a.label)}</button>`,
  ).join('');
  return page(
    `M-PESA prompt for ${p.msisdn} — Daraja sandbox`,
    `<h1>M-PESA</h1><p>Phone ${escapeHtml(p.msisdn)}</p>` +
      `<p>Do you want to pay Ksh${escapeHtml(String(p.amount))} to ${escapeHtml(p.businessName)} account no. ${escapeHtml(p.accountReference)}?</p>` +
      `<p>Enter M-PESA PIN:</p><form method="post" action="${escapeHtml(p.action)}">${buttons}</form>`,
  );
}

export function phoneDonePage(p: { message: string; backTo: string | null }): string {
  return page(
    'M-PESA — Daraja sandbox',
    `<h1>${escapeHtml(p.message)}</h1>` + (p.backTo ? `<p><a class="btn" href="${escapeHtml(p.backTo)}">Back to the shop</a></p>` : ''),
  );
}
