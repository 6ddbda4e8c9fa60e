import { PassThrough, type Readable } from 'node:stream';
import { rosterColumns, spreadsheetRow } from '@licensure/contracts';
import { type Db, positions, servicePersonnel, users } from '@licensure/db';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { notEndedEntry } from '../../platform/permissions/roster';

const asDate = (d: string | null) => (d ? new Date(`${d}T00:00:00Z`) : null);

/**
 * The service's active roster as an xlsx stream, with the import's columns (so the file can be
 * edited and imported again) and the end date. The workbook is written as the client reads it.
 */
export async function exportRoster(db: Db, enterpriseId: string, serviceId: string): Promise<Readable> {
  const rows = await db
    .select({
      last_name: users.last_name,
      first_name: users.first_name,
      email: users.email,
      birth_date: users.birth_date,
      national_ems_id: users.national_ems_id,
      position: positions.label,
      start_date: servicePersonnel.start_date,
      end_date: servicePersonnel.end_date,
      designated: servicePersonnel.is_designated,
    })
    .from(servicePersonnel)
    .innerJoin(users, eq(users.id, servicePersonnel.user_id))
    .leftJoin(positions, eq(positions.id, servicePersonnel.position_id))
    .where(
      and(
        eq(servicePersonnel.service_id, serviceId),
        eq(servicePersonnel.enterprise_id, enterpriseId),
        notEndedEntry(),
      ),
    )
    .orderBy(asc(users.last_name), asc(users.first_name), asc(servicePersonnel.id));
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Roster');
  sheet.columns = [
    ...rosterColumns.map((c) => ({
      header: c.header,
      key: c.key,
      width: c.key.endsWith('date') ? 14 : 22,
      style: c.key.endsWith('date') ? { numFmt: 'yyyy-mm-dd' } : {},
    })),
    { header: 'End date', key: 'end_date', width: 14, style: { numFmt: 'yyyy-mm-dd' } },
  ];
  void (async () => {
    for (const r of rows) {
      sheet
        .addRow(
          spreadsheetRow({
            ...r,
            position: r.position == null ? null : String(r.position),
            birth_date: asDate(r.birth_date),
            start_date: asDate(r.start_date),
            end_date: asDate(r.end_date),
            designated: r.designated ? 'Yes' : 'No',
          }),
        )
        .commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
