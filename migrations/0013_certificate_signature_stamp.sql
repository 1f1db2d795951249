-- Certificates drawn with the signer's signature image and the journal's stamp (PNG with
-- transparency, uploaded in Settings): R2 object names in journals/{id}/signature/; '' = none.
ALTER TABLE `settings` ADD `signature_image` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `stamp_image` text DEFAULT '' NOT NULL;
