// Being replaced by the payments work (issue 5): the Feature Your Ad? dialog and checkout.
export function FeatureAdButton(_props: { listingId: string; listingTitle: string; userEmail: string }) {
  return null;
}
