import { PassThrough, Readable } from 'node:stream';
import { csvLine, fireDrillTypeLabels, spreadsheetRow } from '@licensure/contracts';
import { type Db, fireDrills, school_systems, schools } from '@licensure/db';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { drillYear, joinDrillNames } from './fire-drills.resources';

export interface DrillExportFilter {
  year?: number;
  school_system_id?: string;
  school_id?: string;
}

const BATCH = 1000;
const columns = [
  { header: 'School system', key: 'school_system', width: 28 },
  { header: 'School', key: 'school', width: 28 },
  { header: 'Date', key: 'drill_date', width: 12 },
  { header: 'Time', key: 'drill_time', width: 8 },
  { header: 'Kind', key: 'drill_type', width: 24 },
  { header: 'Announced', key: 'announced', width: 10 },
  { header: 'Evacuation (seconds)', key: 'evacuation_seconds', width: 12 },
  { header: 'Occupants', key: 'occupants', width: 10 },
  { header: 'Reported by', key: 'reporter_name', width: 24 },
  { header: 'Title', key: 'reporter_title', width: 18 },
  { header: 'Email', key: 'reporter_email', width: 28 },
  { header: 'Phone', key: 'reporter_phone', width: 14 },
  { header: 'Notes', key: 'notes', width: 40 },
  { header: 'Source', key: 'source', width: 8 },
] as const;
type Cells = Record<(typeof columns)[number]['key'], unknown>;

/** The live drills the filter selects, a batch at a time, by school system, school and date. */
async function* drillRows(db: Db, enterpriseId: string, f: DrillExportFilter): AsyncGenerator<Cells> {
  const where = and(
    eq(fireDrills.enterprise_id, enterpriseId),
    isNull(fireDrills.deleted_at),
    f.year !== undefined ? sql`${drillYear} = ${f.year}` : undefined,
    f.school_system_id ? eq(schools.school_system_id, f.school_system_id) : undefined,
    f.school_id ? eq(fireDrills.school_id, f.school_id) : undefined,
  ) as SQL;
  for (let offset = 0; ; offset += BATCH) {
    const rows = await joinDrillNames(
      db
        .select({
          school_system: school_systems.label,
          school: schools.label,
          drill: fireDrills,
        })
        .from(fireDrills)
        .$dynamic(),
    )
      .where(where)
      .orderBy(
        asc(sql`lower(${school_systems.label})`),
        asc(sql`lower(${schools.label})`),
        asc(fireDrills.drill_date),
        asc(fireDrills.id),
      )
      .limit(BATCH)
      .offset(offset);
    for (const r of rows as {
      school_system: unknown;
      school: unknown;
      drill: typeof fireDrills.$inferSelect;
    }[])
      yield {
        school_system: r.school_system ?? '',
        school: r.school ?? '',
        drill_date: r.drill.drill_date,
        drill_time: r.drill.drill_time ?? '',
        drill_type: fireDrillTypeLabels[r.drill.drill_type],
        announced: r.drill.announced ? 'Yes' : 'No',
        evacuation_seconds: r.drill.evacuation_seconds,
        occupants: r.drill.occupants,
        reporter_name: r.drill.reporter_name,
        reporter_title: r.drill.reporter_title ?? '',
        reporter_email: r.drill.reporter_email,
        reporter_phone: r.drill.reporter_phone ?? '',
        notes: r.drill.notes ?? '',
        source: r.drill.source,
      };
    if (rows.length < BATCH) return;
  }
}

/** The reports as CSV, streamed (a byte-order mark first, so spreadsheets read it as UTF-8). */
export function drillsCsv(db: Db, enterpriseId: string, f: DrillExportFilter): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(columns.map((c) => c.header))}`;
    for await (const row of drillRows(db, enterpriseId, f)) yield csvLine(columns.map((c) => row[c.key]));
  }
  return Readable.from(lines());
}

/** The reports as an xlsx workbook, written row by row as the client reads it. */
export function drillsXlsx(db: Db, enterpriseId: string, f: DrillExportFilter): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Fire drills');
  sheet.columns = columns.map((c) => ({ ...c }));
  void (async () => {
    for await (const row of drillRows(db, enterpriseId, f)) sheet.addRow(spreadsheetRow(row)).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
