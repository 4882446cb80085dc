import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from './index.ts';
import { runMigrations } from './migrate.ts';

/** `npm run db:migrate`: applies the committed migrations to the configured database and exits. */
try {
  const config = loadConfig();
  const database = await openDatabase(config);
  await runMigrations(database.pool);
  await database.close();
  console.log(`Migrations applied to the ${config.DATABASE_URL ? 'PostgreSQL' : 'embedded'} database.`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
