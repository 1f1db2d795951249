-- Repairs the search index of databases restored from a dump made by the old `npm run export`,
-- which re-filled articles_fts with FTS5's 'rebuild' and so indexed disabled articles too (the
-- update/delete triggers only ever remove entries of rows that were enabled, so such an entry
-- would stay searchable for good). Clears the index and re-fills it with exactly what the
-- triggers of 0002_search_index.sql keep there: the enabled articles, same columns. The two
-- statements are the ones scripts/export.ts appends to a dump; keep them identical
-- (test/workers/discovery.test.ts compares them).
INSERT INTO `articles_fts`(`articles_fts`) VALUES ('delete-all');
--> statement-breakpoint
INSERT INTO `articles_fts`(`rowid`, `search_title`, `authorname`, `keywords`, `search_abstract`) SELECT `id`, `search_title`, `authorname`, `keywords`, `search_abstract` FROM `articles` WHERE `status` = 'enabled';
