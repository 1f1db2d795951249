ALTER TABLE `articles` ADD `search_title` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `search_abstract` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Plain text for rows written before this migration: the sanitiser writes canonical tags
-- without attributes, so replacing the common ones is enough for existing rows; new writes
-- fill these columns from the application (htmlToText).
UPDATE `articles` SET
  `search_title` = replace(replace(replace(replace(`title`, '<i>', ''), '</i>', ''), '<em>', ''), '</em>', ''),
  `search_abstract` = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`abstract`, '<p>', ' '), '</p>', ' '), '<br>', ' '), '<strong>', ' '), '</strong>', ' '), '<b>', ' '), '</b>', ' '), '<i>', ' '), '</i>', ' '), '<em>', ' '), '</em>', ' '), '<u>', ' '), '</u>', ' '), '<sub>', ' '), '</sub>', ' '), '<sup>', ' '), '</sup>', ' '), '<ul>', ' '), '</ul>', ' '), '<ol>', ' '), '</ol>', ' '), '<li>', ' '), '</li>', ' '), '&nbsp;', ' ');
--> statement-breakpoint
-- Ranked full-text search over enabled articles (issue 7). External-content FTS5 table reading
-- the plain-text columns of `articles`; unicode61 with diacritics removed, prefix indexes for
-- 2- and 3-character prefixes. Written by hand: drizzle-kit does not model virtual tables.
CREATE VIRTUAL TABLE `articles_fts` USING fts5(
  `search_title`, `authorname`, `keywords`, `search_abstract`,
  content='articles', content_rowid='id',
  tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
INSERT INTO `articles_fts`(`rowid`, `search_title`, `authorname`, `keywords`, `search_abstract`)
  SELECT `id`, `search_title`, `authorname`, `keywords`, `search_abstract` FROM `articles` WHERE `status` = 'enabled';
--> statement-breakpoint
CREATE TRIGGER `articles_fts_ai` AFTER INSERT ON `articles` WHEN new.`status` = 'enabled' BEGIN
  INSERT INTO `articles_fts`(`rowid`, `search_title`, `authorname`, `keywords`, `search_abstract`)
  VALUES (new.`id`, new.`search_title`, new.`authorname`, new.`keywords`, new.`search_abstract`);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_ad` AFTER DELETE ON `articles` WHEN old.`status` = 'enabled' BEGIN
  INSERT INTO `articles_fts`(`articles_fts`, `rowid`, `search_title`, `authorname`, `keywords`, `search_abstract`)
  VALUES ('delete', old.`id`, old.`search_title`, old.`authorname`, old.`keywords`, old.`search_abstract`);
END;
--> statement-breakpoint
-- One trigger, two statements in a fixed order: remove the old entry, then add the new one.
CREATE TRIGGER `articles_fts_au` AFTER UPDATE ON `articles` BEGIN
  INSERT INTO `articles_fts`(`articles_fts`, `rowid`, `search_title`, `authorname`, `keywords`, `search_abstract`)
    SELECT 'delete', old.`id`, old.`search_title`, old.`authorname`, old.`keywords`, old.`search_abstract`
    WHERE old.`status` = 'enabled';
  INSERT INTO `articles_fts`(`rowid`, `search_title`, `authorname`, `keywords`, `search_abstract`)
    SELECT new.`id`, new.`search_title`, new.`authorname`, new.`keywords`, new.`search_abstract`
    WHERE new.`status` = 'enabled';
END;
