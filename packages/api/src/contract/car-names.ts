// How a car is named and how names compare (issue 17), without zod: the hooks key queries by
// these and post cards label their chips with them, on the first load of the web app, where the
// schemas stay out (client.ts). garage.ts exports them with the rest of the garage.
import type { CarRef } from './schemas.ts';

/** A car's name as posts and pages show it: "1991 Porsche 911 Carrera 2". */
export function carLabel(car: Pick<CarRef, 'year' | 'make' | 'model' | 'trim'>): string {
  return [String(car.year), car.make, car.model, car.trim].filter((part) => part !== '').join(' ');
}

/** Names compare without regard to case or surrounding spaces (a model's page, the pickers). */
export const carNameKey = (name: string): string => name.trim().toLocaleLowerCase('en');
