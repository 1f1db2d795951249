-- Authors as people, references, licences and manuscript dates (docs/decisions/028-authors-as-people.md).
-- `authors` holds the byline as a JSON list of people; `authorname` stays, derived from it on
-- every write. SQL cannot split a name by the site's name rule (app/lib/names.ts), so this
-- migration only asks for the conversion: `scripts/structure-authors.ts` (run by
-- `npm run db:migrate`, `npm run setup` / `npm start`, and with --remote for production)
-- converts every '[]' row with that rule and reports the names it could not split. Until then
-- readers apply the same rule to `authorname` (app/lib/authors.ts authorsOf).
ALTER TABLE `articles` ADD `authors` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
ALTER TABLE `articles` ADD `reference_list` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `articles` ADD `license_url` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `articles` ADD `received_date` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `articles` ADD `accepted_date` text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- Every journal's licence so far: CC BY 4.0, as the instructions to authors promise.
ALTER TABLE `settings` ADD `license_url` text DEFAULT 'https://creativecommons.org/licenses/by/4.0/' NOT NULL;
--> statement-breakpoint
INSERT INTO `maintenance_jobs` (`name`) VALUES ('structure-authors');
