-- Full-text index over each testimonial's words, name, title and company; kept by the submissions service.
-- secure-delete makes deleting a row remove its tokens from the index pages (erasure really erases).
CREATE VIRTUAL TABLE `submissions_fts` USING fts5(
  `body`,
  `submission_id` UNINDEXED,
  `org_id` UNINDEXED,
  `mode` UNINDEXED,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO `submissions_fts`(`submissions_fts`, `rank`) VALUES ('secure-delete', 1);
