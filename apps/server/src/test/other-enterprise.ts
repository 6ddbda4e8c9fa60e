import { randomUUID } from 'node:crypto';
import { createEnterprise, type Db, users } from '@licensure/db';
import { and, eq, getTableColumns, isNull, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { TestContext } from './test-app';

/** A second enterprise of the test database, and live records of it to name from the first. */
export interface OtherEnterprise {
  enterpriseId: string;
  /** A live row of the table in this enterprise: an existing one, else one inserted for the test. */
  rowOf(table: PgTable): Promise<string>;
}

/** A value of a column's type for a required column with no default. */
function sampleValue(column: PgColumn): unknown {
  const enumValues = (column as { enumValues?: string[] }).enumValues;
  if (enumValues?.length) return enumValues[0];
  switch (column.columnType) {
    case 'PgUUID':
      return randomUUID();
    case 'PgInteger':
    case 'PgSmallInt':
    case 'PgBigInt53':
    case 'PgNumeric':
    case 'PgReal':
    case 'PgDoublePrecision':
      return 1;
    case 'PgBoolean':
      return false;
    case 'PgDateString':
      return '2024-01-15';
    case 'PgDate':
    case 'PgTimestamp':
    case 'PgTimestampString':
      return new Date();
    case 'PgJsonb':
    case 'PgJson':
      return {};
    case 'PgArray':
      return [];
    default:
      return `Other ${randomUUID().slice(0, 8)}`;
  }
}

/**
 * A live row of `table` in the enterprise, inserted when there is none: required columns get a
 * sample of their type, required foreign keys a row of the referenced table (made the same way).
 */
export async function rowIn(db: Db, table: PgTable, enterpriseId: string, depth = 0): Promise<string> {
  const c = getTableColumns(table) as Record<string, PgColumn>;
  const live: (SQL | undefined)[] = [
    c.enterprise_id ? eq(c.enterprise_id, enterpriseId) : undefined,
    c.deleted_at ? isNull(c.deleted_at) : undefined,
  ];
  const [found] = await db
    .select({ id: c.id as PgColumn })
    .from(table)
    .where(and(...live))
    .limit(1);
  if (found) return String(found.id);
  if (depth > 6) throw new Error(`${getTableConfig(table).name}: foreign keys nest too deep`);
  const config = getTableConfig(table);
  const values: Record<string, unknown> = {};
  for (const column of config.columns) {
    if (column.name === 'enterprise_id') values[column.name] = enterpriseId;
    const fk = config.foreignKeys.find((f) => f.reference().columns[0]?.name === column.name);
    // A record held by someone (a credential, an alert) names a person: most tables need one holder.
    const holder = column.name === 'user_id';
    if ((!column.notNull && !holder) || column.hasDefault || column.name in values) continue;
    const parent = holder ? users : fk?.reference().foreignTable;
    values[column.name] = parent ? await rowIn(db, parent, enterpriseId, depth + 1) : sampleValue(column);
  }
  const [row] = await db
    .insert(table)
    .values(values)
    .returning({ id: c.id as PgColumn });
  return String(row?.id);
}

/** A second enterprise with its standard lists; its other records are made when first asked for. */
export async function createOtherEnterprise(t: TestContext): Promise<OtherEnterprise> {
  const db = t.database.db;
  const enterprise = await db.transaction((tx) =>
    createEnterprise(tx, { name: 'Other State EMS', abbreviation: 'OT' }),
  );
  const made = new Map<PgTable, Promise<string>>();
  return {
    enterpriseId: enterprise.id,
    rowOf(table) {
      let id = made.get(table);
      if (!id) {
        id = rowIn(db, table, enterprise.id);
        made.set(table, id);
      }
      return id;
    },
  };
}
