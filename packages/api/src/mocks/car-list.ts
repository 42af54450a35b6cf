// The fake's make and model list (issue 17): a small slice of the server's (NHTSA vPIC, public
// domain; apps/server/src/modules/garage/sql/taxonomy.sql) with vPIC's own ids, so a car of a
// story and of the real product point to the same make and model. Every seed has it, as every
// database has the server's list. Some cars of the fixtures are missing from it on purpose (the
// Porsche 912, the Jaguar E-Type): their owners typed the model.
import type { CarMake, CarModel } from '../contract/index.ts';

const LIST: Array<{ id: string; name: string; models: Array<[id: string, name: string]> }> = [
  { id: '493', name: 'Alfa Romeo', models: [['2035', '4C'], ['14326', 'Spider'], ['18005', 'Stelvio']] },
  { id: '452', name: 'BMW', models: [['2764', '325i'], ['1710', 'M3'], ['9567', 'M2'], ['9570', 'M4'], ['2024', 'M5'], ['5239', 'Z3'], ['1725', 'Z4'], ['2178', 'i3']] },
  { id: '467', name: 'Chevrolet', models: [['1829', 'Camaro'], ['1831', 'Corvette'], ['1833', 'Impala']] },
  { id: '603', name: 'Ferrari', models: [['14039', 'F40'], ['9954', 'F355'], ['14038', 'Testarossa'], ['13855', '458'], ['27827', 'Roma']] },
  { id: '460', name: 'Ford', models: [['1781', 'Mustang'], ['6825', 'Bronco'], ['1779', 'Focus'], ['5181', 'Escort'], ['2346', 'GT'], ['1801', 'F-150']] },
  { id: '474', name: 'Honda', models: [['1863', 'Civic'], ['3153', 'S2000'], ['5107', 'Prelude'], ['1861', 'Accord']] },
  { id: '442', name: 'Jaguar', models: [['2286', 'XK'], ['14615', 'XJS'], ['2375', 'F-TYPE']] },
  { id: '466', name: 'Lotus', models: [['3106', 'Elise'], ['3122', 'Exige'], ['1795', 'Evora'], ['3112', 'Esprit'], ['3119', 'Elan']] },
  { id: '473', name: 'Mazda', models: [['2072', 'MX-5'], ['5497', 'RX-7'], ['2073', 'RX-8'], ['2074', 'Mazda3']] },
  { id: '449', name: 'Mercedes-Benz', models: [['14013', '190'], ['2085', 'C-Class'], ['2081', 'E-Class'], ['2131', 'G-Class'], ['5881', 'AMG GT']] },
  { id: '478', name: 'Nissan', models: [['1890', 'GT-R'], ['2303', '350Z'], ['1906', '370Z'], ['5565', '240SX'], ['1905', 'Leaf']] },
  { id: '584', name: 'Porsche', models: [['7832', '911'], ['13846', '944'], ['7847', 'Boxster'], ['7900', 'Cayman'], ['7895', 'Cayenne'], ['28090', 'Taycan']] },
  { id: '523', name: 'Subaru', models: [['2235', 'Impreza'], ['2237', 'WRX'], ['2238', 'BRZ'], ['2234', 'Forester']] },
  { id: '448', name: 'Toyota', models: [['2208', 'Corolla'], ['3647', 'Supra'], ['3648', 'MR2'], ['3645', 'Celica'], ['13602', '86'], ['29364', 'GR86'], ['2211', 'Land Cruiser']] },
  { id: '482', name: 'Volkswagen', models: [['3133', 'Golf'], ['3140', 'GTI'], ['8119', 'Beetle'], ['14262', 'Scirocco'], ['3134', 'Passat']] },
];

export const MOCK_CAR_MAKES: readonly CarMake[] = LIST.map(({ id, name }) => ({ _id: id, name }));
export const MOCK_CAR_MODELS: readonly CarModel[] = LIST.flatMap(({ id, models }) => models.map(([modelId, name]) => ({ _id: modelId, makeId: id, name })));

/** Ids of the list by name, for fixtures and stories: `CAR_LIST.porsche.models['911']`. */
const entry = (name: string) => {
  const make = LIST.find((m) => m.name === name)!;
  return { id: make.id, name: make.name, models: Object.fromEntries(make.models.map(([id, model]) => [model, id])) as Record<string, string> };
};
export const CAR_LIST = {
  bmw: entry('BMW'),
  ford: entry('Ford'),
  jaguar: entry('Jaguar'),
  mazda: entry('Mazda'),
  porsche: entry('Porsche'),
  toyota: entry('Toyota'),
  volkswagen: entry('Volkswagen'),
} as const;
