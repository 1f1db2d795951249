CREATE TABLE `journal_hosts` (
	`hostname` text PRIMARY KEY NOT NULL,
	`journal_id` integer NOT NULL,
	FOREIGN KEY (`journal_id`) REFERENCES `journals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `journal_hosts_journal_idx` ON `journal_hosts` (`journal_id`);--> statement-breakpoint
CREATE TABLE `journals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`creation` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `journals_slug_unique` ON `journals` (`slug`);--> statement-breakpoint
CREATE TABLE `settings` (
	`journal_id` integer PRIMARY KEY NOT NULL,
	`websitename` text DEFAULT '' NOT NULL,
	`domain` text DEFAULT '' NOT NULL,
	`formatted_journal_name` text DEFAULT '' NOT NULL,
	`websiteemail` text DEFAULT '' NOT NULL,
	`whatsup_number` text DEFAULT '' NOT NULL,
	`issn` text DEFAULT '' NOT NULL,
	`journal_essn` text DEFAULT '' NOT NULL,
	`year_started` text DEFAULT '' NOT NULL,
	`journal_frequency` text DEFAULT '' NOT NULL,
	`journal_type` text DEFAULT '' NOT NULL,
	`journal_language` text DEFAULT '' NOT NULL,
	`nass_score` text DEFAULT '' NOT NULL,
	`nass_score_year` text DEFAULT '' NOT NULL,
	`impactfactor` text DEFAULT '' NOT NULL,
	`fee_rupee` text DEFAULT '' NOT NULL,
	`fee_dollar` text DEFAULT '' NOT NULL,
	`home_content` text DEFAULT '' NOT NULL,
	`google_review_link` text DEFAULT '' NOT NULL,
	`publisher_name` text DEFAULT '' NOT NULL,
	`publisher_address` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`show_subject_column` integer DEFAULT false NOT NULL,
	`show_cover_image` integer DEFAULT true NOT NULL,
	`show_editor_contacts` integer DEFAULT false NOT NULL,
	`updated_at` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`journal_id`) REFERENCES `journals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `editors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`journal_id` integer NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`post` text DEFAULT '' NOT NULL,
	`degree` text DEFAULT '' NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`editor_website` text DEFAULT '' NOT NULL,
	`picture` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'enabled' NOT NULL,
	`is_pinned` integer DEFAULT 0 NOT NULL,
	`creation` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`journal_id`) REFERENCES `journals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `editors_journal_status_idx` ON `editors` (`journal_id`,`status`,`category`,`is_pinned`);--> statement-breakpoint
CREATE TABLE `indexing_partners` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`journal_id` integer NOT NULL,
	`title` text NOT NULL,
	`link` text DEFAULT '' NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`sortnumber` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'enabled' NOT NULL,
	FOREIGN KEY (`journal_id`) REFERENCES `journals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `indexing_journal_status_sort_idx` ON `indexing_partners` (`journal_id`,`status`,`sortnumber`);--> statement-breakpoint
CREATE TABLE `issues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`journal_id` integer NOT NULL,
	`year` integer NOT NULL,
	`volume` integer NOT NULL,
	`issue` integer NOT NULL,
	`frequency` text DEFAULT '' NOT NULL,
	`createdby` text DEFAULT '' NOT NULL,
	`creation` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`journal_id`) REFERENCES `journals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `issues_journal_year_volume_issue_uq` ON `issues` (`journal_id`,`year`,`volume`,`issue`);--> statement-breakpoint
CREATE INDEX `issues_journal_volume_issue_idx` ON `issues` (`journal_id`,`volume`,`issue`);--> statement-breakpoint
CREATE TABLE `articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`journal_id` integer NOT NULL,
	`issue_id` integer NOT NULL,
	`refnumber` text NOT NULL,
	`title` text NOT NULL,
	`authorname` text NOT NULL,
	`abstract` text DEFAULT '' NOT NULL,
	`keywords` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`pagenumber` text NOT NULL,
	`first_page` integer NOT NULL,
	`last_page` integer NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`mobile` text DEFAULT '' NOT NULL,
	`txnid` text NOT NULL,
	`ptype` text DEFAULT 'paid' NOT NULL,
	`publishdate` text NOT NULL,
	`year` integer NOT NULL,
	`volume` integer NOT NULL,
	`issue` integer NOT NULL,
	`frequency` text DEFAULT '' NOT NULL,
	`file` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'enabled' NOT NULL,
	`createdby` text DEFAULT '' NOT NULL,
	`modifiedby` text DEFAULT '' NOT NULL,
	`creation` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`modification` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`journal_id`) REFERENCES `journals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`issue_id`) REFERENCES `issues`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `articles_journal_refnumber_uq` ON `articles` (`journal_id`,`refnumber`);--> statement-breakpoint
CREATE UNIQUE INDEX `articles_journal_txnid_uq` ON `articles` (`journal_id`,`txnid`);--> statement-breakpoint
CREATE UNIQUE INDEX `articles_journal_title_uq` ON `articles` (`journal_id`,`title`);--> statement-breakpoint
CREATE INDEX `articles_issue_status_page_idx` ON `articles` (`issue_id`,`status`,`first_page`);--> statement-breakpoint
CREATE INDEX `articles_journal_ymi_idx` ON `articles` (`journal_id`,`year`,`volume`,`issue`,`first_page`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`journal_id` integer NOT NULL,
	`username` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`password_hash` text NOT NULL,
	`status` text DEFAULT 'enabled' NOT NULL,
	`allowed_ips` text DEFAULT '' NOT NULL,
	`creation` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`journal_id`) REFERENCES `journals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_journal_username_uq` ON `users` (`journal_id`,`username`);