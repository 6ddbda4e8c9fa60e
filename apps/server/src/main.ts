import path from 'node:path';
import { type Database, demoAccounts, openPglite, openPostgres, seedDatabase } from '@licensure/db';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { warnTestGatewayInProduction } from './modules/payments/test-gateway-warning';
import { hashPassword } from './platform/auth/passwords';
import { ensureSsnKey, SsnKeyRefusedError } from './platform/crypto/ssn';
import { DataDirInUseError, lockDataDir } from './platform/data-dir-lock';
import { DEV_MAIL_VIEWER, logMailSetup, mailIsHeld } from './platform/mail/mail-setup';
import { startOpsSocket } from './platform/ops/backup/ops-socket';
import { startMetricsServer } from './platform/ops/metrics/metrics-server';
import {
  productionWarnings,
  unsafeProductionSettings,
  unsafeSettingsMessage,
} from './platform/ops/production-settings';
import { refuseNewerSchema, SchemaNewerError } from './platform/ops/schema-version';
import { ownAddress } from './platform/tenancy/public-origin';

const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });

async function main(): Promise<void> {
  const config = loadConfig();
  const unsafe = unsafeProductionSettings(config);
  if (unsafe.length) throw new ConfigError(unsafeSettingsMessage(unsafe));
  for (const warning of productionWarnings(config)) log.warn(warning);
  let unlock: (() => Promise<void>) | undefined;
  let database: Database;
  if (config.DATABASE_URL) {
    database = openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE, {
      onConnectionError: (err, where) =>
        log.warn({ err, where }, 'database connection lost; the pool goes on'),
    });
  } else {
    unlock = await lockDataDir(config.DATA_DIR);
    database = await openPglite(path.join(path.resolve(config.DATA_DIR), 'pgdata'));
  }
  logMailSetup(config, log, ownAddress(config));
  warnTestGatewayInProduction(config, log);
  const ssnKey = await ensureSsnKey(config);
  config.SSN_KEY = ssnKey.key;
  if (ssnKey.generated) log.warn({ file: ssnKey.file }, 'generated a new SSN encryption key; back it up');
  await refuseNewerSchema(database);
  log.info({ database: database.kind }, 'applying migrations');
  await database.migrate();
  const { seeded } = await seedDatabase(database.db, { hashPassword, demo: config.seedDemo });
  if (seeded) log.info({ demo: config.seedDemo }, 'seeded a new database');

  const app = await buildApp({ config, database, logger: { level: config.LOG_LEVEL } });
  await app.deps.hub.listen();
  const address = await app.listen({ port: config.PORT, host: config.HOST });

  // The embedded database is backed up through the running server (npm run backup -- FILE).
  const opsSocket =
    database.kind === 'pglite'
      ? await startOpsSocket(database, config.DATA_DIR, log.child({ part: 'backup' }))
      : undefined;
  const metricsServer = config.METRICS_PORT
    ? await startMetricsServer(
        app.deps.metrics,
        config.METRICS_PORT,
        config.METRICS_HOST ?? config.HOST,
        (err) => log.error({ err }, 'metrics scrape failed'),
      )
    : undefined;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      metricsServer?.close();
      opsSocket?.close();
      await app.close();
      await database.close();
      await unlock?.();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  const lines = [`Licensure is running at ${url} (${address})`, `API reference: ${url}/api/docs`];
  if (mailIsHeld(config) && config.NODE_ENV !== 'production')
    lines.push(`No SMTP_URL: mail is held; read it at ${url}${DEV_MAIL_VIEWER} (from this computer)`);
  if (config.seedDemo) {
    lines.push('Demo accounts:');
    for (const a of demoAccounts) lines.push(`  ${a.user_name} / ${a.password}  (${a.role})`);
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((err: unknown) => {
  if (
    err instanceof ConfigError ||
    err instanceof DataDirInUseError ||
    err instanceof SsnKeyRefusedError ||
    err instanceof SchemaNewerError
  ) {
    log.fatal(err.message);
    process.stderr.write(`\n${err.message}\n`);
  } else {
    log.fatal({ err }, 'failed to start');
  }
  process.exit(1);
});
