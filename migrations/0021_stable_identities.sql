-- Identity is not an address (docs/decisions/007-primary-host.md): OAI-PMH identifiers and feed
-- entry ids are built from a hostname fixed for the journal's life, not from its current primary
-- host, so a move to a new domain changes URLs only. Journals that exist already keep the
-- identifiers harvesters have seen: their current primary hostname becomes the fixed one.
ALTER TABLE `journals` ADD `identity_host` text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE `journals` SET `identity_host` = coalesce(
  (SELECT `hostname` FROM `journal_hosts` h WHERE h.`journal_id` = `journals`.`id` AND h.`is_primary` = 1),
  (SELECT min(`hostname`) FROM `journal_hosts` h WHERE h.`journal_id` = `journals`.`id`),
  `slug`
);
--> statement-breakpoint
-- The spec's `domain` setting follows the primary host from now on (`npm run journal -- hosts
-- --primary` moves both): cover pages, the board PDF and the home cover card print it.
UPDATE `settings` SET `domain` = (
  SELECT `hostname` FROM `journal_hosts` h WHERE h.`journal_id` = `settings`.`journal_id` AND h.`is_primary` = 1
) WHERE EXISTS (
  SELECT 1 FROM `journal_hosts` h WHERE h.`journal_id` = `settings`.`journal_id` AND h.`is_primary` = 1
);
