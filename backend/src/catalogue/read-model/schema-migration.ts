// A schema change of a catalogue read model, versioned in the repository: each adapter lists its own in order and
// applies, in one transaction each, those past the highest version its schema_version table holds.
export interface SchemaMigration {
  readonly version: number;
  readonly statements: readonly string[];
}

/** The migrations a schema at `current` still needs, in order; refuses a list that is not strictly increasing. */
export function pendingMigrations(migrations: readonly SchemaMigration[], current: number): SchemaMigration[] {
  migrations.forEach((migration, index) => {
    if (index > 0 && migration.version <= migrations[index - 1].version) {
      throw new Error(`catalogue read model migrations out of order at version ${migration.version}`);
    }
  });
  return migrations.filter((migration) => migration.version > current);
}
