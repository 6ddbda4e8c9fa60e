import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { NemsisDataset } from '@licensure/contracts';
import SaxonJS from 'saxon-js';

/**
 * Where the official NEMSIS v3.5.1 artefacts are read from: `NEMSIS_DIR`, else `../shared/nemsis`
 * beside the repository (the public files as published by the NEMSIS TAC; see its README). They are
 * not copied into the source on purpose: the folder is the one the project keeps them in.
 */
export function nemsisDir(): string {
  if (process.env.NEMSIS_DIR) return resolve(process.env.NEMSIS_DIR);
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');
  const beside = resolve(repoRoot, '../shared/nemsis');
  // A clone made elsewhere (CI's clean clone, a developer's second checkout) finds the workplace's
  // copy, so the validator's tests run wherever the repository sits.
  const workplace = '/work/shared/nemsis';
  return !existsSync(beside) && existsSync(workplace) ? workplace : beside;
}

export const NEMSIS_VERSION = '3.5.1.250403CP1';

const rootSchema: Record<NemsisDataset, string> = {
  DEM: 'DEMDataSet_v3.xsd',
  STATE: 'StateDataSet_v3.xsd',
};
const schematronFile: Record<NemsisDataset, string> = {
  DEM: 'DEMDataSet.sch',
  STATE: 'StateDataSet.sch',
};

export interface XsdFiles {
  schema: { fileName: string; contents: string }[];
  preload: { fileName: string; contents: string }[];
}

const xsdCache = new Map<NemsisDataset, Promise<XsdFiles>>();

/** The root XSD of a dataset and the section schemas it includes, read once per process. */
export function xsdFiles(dataset: NemsisDataset): Promise<XsdFiles> {
  let files = xsdCache.get(dataset);
  if (!files) {
    files = (async () => {
      const dir = join(nemsisDir(), 'xsd');
      const names = (await readdir(dir)).filter((name) => name.endsWith('.xsd'));
      const read = async (fileName: string) => ({
        fileName,
        contents: await readFile(join(dir, fileName), 'utf8'),
      });
      return {
        schema: [await read(rootSchema[dataset])],
        preload: await Promise.all(names.filter((name) => name !== rootSchema[dataset]).map(read)),
      };
    })();
    files.catch(() => xsdCache.delete(dataset));
    xsdCache.set(dataset, files);
  }
  return files;
}

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/**
 * The national Schematron of a dataset compiled for SaxonJS (an SEF), built once and kept on disk
 * (`NEMSIS_CACHE_DIR`, else the system's temporary folder) under a hash of the rules, the compiler
 * stylesheet and the SaxonJS version, so a new rule file or compiler is compiled again.
 *   .sch --schematron-to-xslt.xsl (SaxonJS)--> XSLT 3.0 --xslt3 -export--> SEF (JSON)
 * The second step is the SaxonJS compiler (`xslt3`), run as its own process; it takes tens of
 * seconds, which is why the result is kept.
 */
const sefCache = new Map<NemsisDataset, Promise<unknown>>();

export function schematronStylesheet(dataset: NemsisDataset): Promise<unknown> {
  let sef = sefCache.get(dataset);
  if (!sef) {
    sef = compileSchematron(dataset);
    sef.catch(() => sefCache.delete(dataset));
    sefCache.set(dataset, sef);
  }
  return sef;
}

async function compileSchematron(dataset: NemsisDataset): Promise<unknown> {
  const here = dirname(fileURLToPath(import.meta.url));
  const compiler = await readFile(join(here, 'schematron-to-xslt.xsl'), 'utf8');
  const schematron = await readFile(join(nemsisDir(), 'schematron', schematronFile[dataset]), 'utf8');
  const xslt3Main = require.resolve('xslt3/xslt3.js');
  const saxonVersion = (require('xslt3/package.json') as { version: string }).version;
  const key = createHash('sha256')
    .update(compiler)
    .update(schematron)
    .update(saxonVersion)
    .digest('hex')
    .slice(0, 16);
  const cacheDir = process.env.NEMSIS_CACHE_DIR ?? join(tmpdir(), 'licensure-nemsis');
  const sefPath = join(cacheDir, `${dataset}-${key}.sef.json`);
  if (!existsSync(sefPath)) {
    await mkdir(cacheDir, { recursive: true });
    const xslt = SaxonJS.XPath.evaluate(
      "transform(map{'stylesheet-text': $compiler, 'source-node': parse-xml($schematron), 'delivery-format': 'serialized'})?output",
      null,
      { params: { compiler, schematron } },
    ) as string;
    const xslPath = join(cacheDir, `${dataset}-${key}.${process.pid}.xsl`);
    await writeFile(xslPath, xslt);
    const partial = `${sefPath}.${process.pid}.part`;
    await run(
      process.execPath,
      [xslt3Main, `-xsl:${xslPath}`, `-export:${partial}`, '-nogo', '-relocate:on'],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    await rename(partial, sefPath);
  }
  return JSON.parse(await readFile(sefPath, 'utf8'));
}
