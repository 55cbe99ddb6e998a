/**
 * Phrases of the scams Kenyan classifieds buyers meet most (issue 19): money before viewing,
 * the owner who is abroad, goods that can only be shipped, payment by wire. Each is a pattern
 * over the ad's lower-cased text with its name, which the moderation queue shows. Kept narrow:
 * a held ad waits for a person, so an innocent phrase ("viewing before payment") must not match.
 */
export const SCAM_PHRASES: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: 'deposit or payment before viewing', pattern: /\b(deposit|pay(ment)?|send (the )?(money|cash)|booking fee)\b[^.!?\n]{0,40}\b(before|prior to|ahead of)\b[^.!?\n]{0,20}\b(view(ing)?|see(ing)?|inspect(ion|ing)?|visit(ing)?)\b/ },
  { name: 'owner abroad', pattern: /\b(owner|landlord|i am|i'm|we are|currently)\b[^.!?\n]{0,25}\b(abroad|overseas|out of (the )?country)\b/ },
  { name: 'shipping only', pattern: /\b(shipping|delivery by courier|courier delivery) only\b|\bonly (by )?(shipping|courier)\b|\b(will be|is|gets|get it) shipped to you\b|\bwill ship (it )?to you\b/ },
  { name: 'payment by wire transfer', pattern: /\b(wire transfer|western union|moneygram|world remit|worldremit)\b/ },
  { name: 'advance fee', pattern: /\b(advance|upfront|up-front) (fee|payment)\b|\bclearance fee\b/ },
];

/** The names of the scam phrases the text contains. */
export function scamPhrases(text: string): string[] {
  const lower = text.toLowerCase().replace(/\s+/g, ' ');
  return SCAM_PHRASES.filter((p) => p.pattern.test(lower)).map((p) => p.name);
}
