import { SaxesParser } from 'saxes';

/** Limits on an uploaded DEM file: it is read whole, but never larger, deeper or busier than this. */
export const DEM_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
const MAX_ELEMENTS = 200_000;
const MAX_DEPTH = 40;
const MAX_TEXT = 2_000;

export class DemFileError extends Error {}

export interface DemVehicle {
  unitId: string;
  vin: string | null;
  unitNumber: string | null;
  modelYear: number | null;
}
export interface DemStation {
  name: string;
  street: string | null;
  postalCode: string | null;
}
export interface DemFile {
  vehicles: DemVehicle[];
  stations: DemStation[];
}

/**
 * Reads the vehicles (dVehicle.VehicleGroup) and stations (dLocation.LocationGroup) of a NEMSIS v3.5.1
 * DEMDataSet with saxes: a DOCTYPE is refused outright (no DTD, no entity of any kind is expanded or
 * fetched), and size, element count, depth and text length are bounded.
 */
export function parseDem(xml: string): DemFile {
  if (Buffer.byteLength(xml) > DEM_IMPORT_MAX_BYTES)
    throw new DemFileError(`The file is larger than ${DEM_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
  const parser = new SaxesParser({ xmlns: false });
  const out: DemFile = { vehicles: [], stations: [] };
  const path: string[] = [];
  let elements = 0;
  let root: string | null = null;
  let group: Record<string, string> | null = null;
  let text = '';
  let failure: Error | null = null;
  const fail = (message: string) => {
    failure ??= new DemFileError(message);
  };
  parser.on('doctype', () => fail('The file declares a DOCTYPE; NEMSIS files have none, and it is refused.'));
  parser.on('error', (err) => fail(`The file is not well-formed XML: ${err.message}`));
  parser.on('opentag', (tag) => {
    elements++;
    root ??= tag.name;
    if (elements > MAX_ELEMENTS)
      fail(`The file has more than ${MAX_ELEMENTS.toLocaleString('en-US')} elements.`);
    if (path.length >= MAX_DEPTH) fail(`The file nests elements deeper than ${MAX_DEPTH}.`);
    path.push(tag.name);
    if (tag.name === 'dVehicle.VehicleGroup' || tag.name === 'dLocation.LocationGroup') group = {};
    text = '';
  });
  parser.on('text', (t) => {
    if (text.length + t.length > MAX_TEXT) fail(`An element holds more than ${MAX_TEXT} characters.`);
    else text += t;
  });
  parser.on('closetag', (tag) => {
    path.pop();
    const value = text.trim();
    if (group && /^d(Vehicle|Location)\.\d\d$/.test(tag.name) && value) group[tag.name] = value;
    if (group && tag.name === 'dVehicle.VehicleGroup') {
      const year = Number(group['dVehicle.10']);
      out.vehicles.push({
        unitId: group['dVehicle.01'] ?? '',
        vin: group['dVehicle.02'] ?? null,
        unitNumber: group['dVehicle.03'] ?? null,
        modelYear: Number.isInteger(year) && year > 1900 && year < 2200 ? year : null,
      });
      group = null;
    } else if (group && tag.name === 'dLocation.LocationGroup') {
      out.stations.push({
        name: group['dLocation.02'] ?? '',
        street: group['dLocation.06'] ?? null,
        postalCode: group['dLocation.09'] ?? null,
      });
      group = null;
    }
    text = '';
  });
  try {
    parser.write(xml).close();
  } catch (err) {
    fail(`The file is not well-formed XML: ${(err as Error).message}`);
  }
  if (failure) throw failure;
  if (root !== 'DEMDataSet') throw new DemFileError('The file is not a NEMSIS DEMDataSet.');
  return out;
}
