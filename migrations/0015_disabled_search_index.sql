-- Issue 16.5: admin search stays fast at 100k articles. Staff search finds disabled articles by
-- title and author words too, but articles_fts (0002) holds enabled articles only — the public
-- search reads it — so admin search scanned every disabled row of the journal with instr(),
-- the one part of its query that grew with the journal. This second external-content FTS5
-- table holds the disabled articles (title and authors, the columns admin search matches),
-- with the same tokenizer and prefix indexes, so both statuses match the same way (words,
-- prefix, diacritics-insensitive). The two tables never hold the same article: each trigger
-- below mirrors one of 0002's on status = 'disabled'. Written by hand: drizzle-kit does not
-- model virtual tables. scripts/export.ts re-fills it at the end of a dump with the same
-- statements as the fill below (test/workers/discovery.test.ts compares them).
CREATE VIRTUAL TABLE `articles_fts_disabled` USING fts5(
  `search_title`, `authorname`,
  content='articles', content_rowid='id',
  tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
INSERT INTO `articles_fts_disabled`(`articles_fts_disabled`) VALUES ('delete-all');
--> statement-breakpoint
INSERT INTO `articles_fts_disabled`(`rowid`, `search_title`, `authorname`) SELECT `id`, `search_title`, `authorname` FROM `articles` WHERE `status` = 'disabled';
--> statement-breakpoint
CREATE TRIGGER `articles_fts_disabled_ai` AFTER INSERT ON `articles` WHEN new.`status` = 'disabled' BEGIN
  INSERT INTO `articles_fts_disabled`(`rowid`, `search_title`, `authorname`)
  VALUES (new.`id`, new.`search_title`, new.`authorname`);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_disabled_ad` AFTER DELETE ON `articles` WHEN old.`status` = 'disabled' BEGIN
  INSERT INTO `articles_fts_disabled`(`articles_fts_disabled`, `rowid`, `search_title`, `authorname`)
  VALUES ('delete', old.`id`, old.`search_title`, old.`authorname`);
END;
--> statement-breakpoint
-- One trigger, two statements in a fixed order: remove the old entry, then add the new one.
CREATE TRIGGER `articles_fts_disabled_au` AFTER UPDATE ON `articles` BEGIN
  INSERT INTO `articles_fts_disabled`(`articles_fts_disabled`, `rowid`, `search_title`, `authorname`)
    SELECT 'delete', old.`id`, old.`search_title`, old.`authorname`
    WHERE old.`status` = 'disabled';
  INSERT INTO `articles_fts_disabled`(`rowid`, `search_title`, `authorname`)
    SELECT new.`id`, new.`search_title`, new.`authorname`
    WHERE new.`status` = 'disabled';
END;
--> statement-breakpoint
-- Admin search's matches come from the FTS5 indexes as bare article ids of every journal. This
-- narrow index gives, per id, the journal and the issue order (year, volume, issue, first page)
-- without reading the wide row (abstracts make most rows span overflow pages), so checking and
-- sorting the matches costs the same whatever the journal's size.
CREATE INDEX `articles_id_sort_idx` ON `articles` (`id`,`journal_id`,`year`,`volume`,`issue`,`first_page`);
