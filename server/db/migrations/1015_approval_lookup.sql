-- An automatic hold on reports asks when a moderator last approved the ad (server/moderation/report-holds.ts):
-- a report and every row of the moderation queue look it up by listing.
CREATE INDEX moderation_log_approvals_idx ON moderation_log (listing_id, created_at DESC) WHERE action = 'approve';
