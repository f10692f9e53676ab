-- A "duplicate" flag may name the spot it repeats, for the moderator to compare the two.
ALTER TABLE flags ADD COLUMN duplicate_of integer REFERENCES spots (id) ON DELETE SET NULL;
