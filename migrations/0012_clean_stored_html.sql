-- Issue 15.7: every HTML field is now cleaned by the app's sanitiser on every write. Rows
-- written before were not (editor names and affiliations were stored raw). SQL cannot run the
-- sanitiser, so this migration only flags the job; `scripts/clean-html.ts` (run by
-- `npm run db:migrate`, `npm run setup` / `npm start`, and with --remote for production)
-- cleans every stored HTML field with the same function the writes use, then marks it done.
CREATE TABLE `maintenance_jobs` (
  `name` text PRIMARY KEY NOT NULL,
  `requested_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
  `done_at` text
);
--> statement-breakpoint
INSERT INTO `maintenance_jobs` (`name`) VALUES ('clean-html');
