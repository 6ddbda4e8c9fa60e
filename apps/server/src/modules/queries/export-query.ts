import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { csvLine, spreadsheetCell } from '@licensure/contracts';
import type { Db } from '@licensure/db';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf } from '../triggers/rows';
import { type CompiledQuery, selectList } from './compile';
import { cellsOf } from './run-query';

/** Rows fetched from the cursor at a time. */
const BATCH = 2000;

type Cell = string | number | boolean | null;

interface Sink {
  rows(rows: Cell[][]): void;
  end(): Promise<void>;
}

function csvSink(out: PassThrough, q: CompiledQuery): Sink {
  out.write(csvLine(q.columns.map((c) => c.label)));
  return {
    rows: (rows) => {
      out.write(rows.map(csvLine).join(''));
    },
    end: async () => {
      out.end();
    },
  };
}

function xlsxSink(out: PassThrough, q: CompiledQuery): Sink {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = wb.addWorksheet('Results');
  sheet.columns = q.columns.map((c, i) => ({ header: spreadsheetCell(c.label), key: `c${i}`, width: 20 }));
  return {
    rows: (rows) => {
      for (const r of rows) sheet.addRow(r.map(spreadsheetCell)).commit();
    },
    end: async () => {
      sheet.commit();
      await wb.commit();
    },
  };
}

/**
 * The whole result of a query as CSV or XLSX, streamed: a server-side cursor (DECLARE ... FETCH, in
 * one transaction) reads BATCH rows at a time and each batch is written out before the next is
 * fetched, waiting while the client is slower. Nothing holds the whole result; a client that goes
 * away ends the cursor.
 */
export function exportQuery(
  db: Db,
  q: CompiledQuery,
  format: 'csv' | 'xlsx',
  log: FastifyBaseLogger,
): Readable {
  const out = new PassThrough();
  const sink = format === 'csv' ? csvSink(out, q) : xlsxSink(out, q);
  const drained = async () => {
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    if (out.destroyed) throw new Error('The client went away during the export.');
  };
  void (async () => {
    try {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`declare query_export no scroll cursor for select ${selectList(q)} from ${q.subject.table} where ${q.where} order by ${q.orderBy}`,
        );
        for (;;) {
          const rows = rowsOf<Record<string, unknown>>(
            await tx.execute(sql.raw(`fetch forward ${BATCH} from query_export`)),
          );
          if (rows.length === 0) break;
          sink.rows(rows.map((r) => cellsOf(q, r)));
          await drained();
        }
        await tx.execute(sql`close query_export`);
      });
      await sink.end();
    } catch (err) {
      log.warn({ err }, 'query export stopped');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return out;
}
