-- Public addresses serve a stored file only while a public row offers it (docs/decisions/039-withdrawn-files.md):
-- every download and /media request looks its key up among the attachments. Also what a file's
-- removal (ON DELETE CASCADE from files) looks its attachments up by.
CREATE INDEX "attachments_file_name_idx" ON "attachments" USING btree ("file_name");
