import pg from 'pg';

/** Runs one statement on the PostgreSQL server itself (creating, dropping or closing a test's database), on a connection of its own. */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
