// Post titles and texts per topic, as enthusiasts write them: a title, then an opener, a detail
// or two and a closing line, with the car, places and parts filled in.
import type { TimeOfDay } from '../art/parts.ts';
import type { SceneKind } from '../art/scene.ts';
import type { Random } from '../random.ts';
import type { CarModel, Paint, Topic } from './cars.ts';

/** One thing a post can be about: its possible titles and the openings that go with them. */
interface Story {
  titles: readonly string[];
  openers: readonly string[];
  /** Where its first picture is taken and in what light, when the story says so. */
  scene?: SceneKind;
  time?: TimeOfDay;
}

interface Phrases {
  stories: readonly Story[];
  /** Sentences that fit any story of the topic. */
  details: readonly string[];
  closers: readonly string[];
}

const PHRASES: Record<Topic, Phrases> = {
  track: {
    stories: [
      { titles: ['Track day at {track}', 'Open pit lane at {track}', 'Back at {track}'], openers: ['Finally got the {car} out to {track} for a full day.', '{sessions} sessions at {track} and the {car} never missed a beat.'] },
      { titles: ['New PB at {track}: {laptime}', 'Chasing tenths at {track}'], openers: ['Did a {laptime} at {track} today, {delta} off my best.', 'Another {delta} found at {track}, mostly in the last sector.'] },
      { titles: ['First time on track in the {car}', 'Track day number one'], openers: ['First ever track day today, in the {car} at {track}.', 'Signed up for a novice session at {track} and loved every lap.'] },
      { scene: 'track', time: 'overcast', titles: ['Wet session at {track}', 'Rain at {track}'], openers: ['Wet morning, dry afternoon at {track}.', 'It rained all morning at {track}, best learning day I have had.'] },
      { titles: ['Brake fade and lessons learned', 'Fresh pads, fresh fluid, same driver'], openers: ['The pedal went long on lap four at {track}, so: new fluid and pads.', 'Fitted {brakes} and fresh {fluid} before going back to {track}.'] },
      { titles: ['{car} on semi-slicks', 'New tyres, new grip'], openers: ['Put a set of {tyre} on the {car} for the track days.', 'First day on {tyre} and the {car} feels like a different car.'] },
      { scene: 'track', time: 'dusk', titles: ['Sunset session at {track}', 'Evening laps'], openers: ['The last session at {track} ran into the sunset.', 'Evening track day at {track}, cool air and an empty pit lane.'] },
    ],
    details: ['Running {tyre} at {pressure} psi hot; they came in after two laps.', 'Still losing time in the fast sweepers, need more commitment (and maybe a bigger wing).', 'The instructor had me braking fifty metres later by the end of the day.', 'The {engine} loved the cooler air in the afternoon.', 'Nothing broke, nothing leaked, nobody went off.'],
    closers: ['Data logs in the comments if anyone wants to compare.', "Who's coming to the next one?", 'Tyres are done, wallet is empty, totally worth it.', 'Back next month with a proper seat.', 'Onboard video soon.'],
  },
  jdm: {
    stories: [
      { scene: 'night', titles: ['Midnight run in the {car}', 'Late night car park meet', 'Daikoku vibes at the local meet'], openers: ['Late night meet downtown, the {car} fitted right in under the neon.', 'Took the {car} out for a night drive after work and ended up at the meet.'] },
      { titles: ['{car} on {wheels}', 'New shoes for the {car}'], openers: ['{wheels} finally fitted on the {car}.', 'Two months of searching and the {wheels} are finally on.'] },
      { scene: 'garage', titles: ['Finally imported: {year} {car}', 'Fresh off the boat'], openers: ['Picked up the {car} from the port last week after {months} months of waiting.', 'The {car} cleared customs on Friday and I have not stopped grinning.'] },
      { titles: ['Stance check', 'Fresh coilovers on the {car}'], openers: ['Dropped the {car} {mm} mm on {coilovers}.', 'New {coilovers} in, and the {car} finally sits right.'] },
      { time: 'dusk', titles: ['Dusk run in the {car}', 'JDM Tuesday'], openers: ['Nothing beats the {car} with the lights up at dusk.', 'Quick evening drive in the {car}, windows down.'] },
      { scene: 'night', titles: ['Wangan dreams, motorway reality', 'Highway run in the {car}'], openers: ['Long motorway run in the {car} tonight, sixth gear and a good playlist.', 'Drove the {car} across the city at 2 am, empty roads everywhere.'] },
    ],
    details: ['Kept the original {paint} paint, it has the patina to prove it.', 'Right-hand drive is still confusing at toll booths.', 'Everything is stock under the bonnet for now; intake and exhaust next.', 'The {engine} pulls all the way to the redline and sounds incredible doing it.', 'Timing belt, water pump and all the fluids done before anything fun.', 'Found an original dealer brochure in the glovebox.'],
    closers: ['Spec list in the comments.', 'Any recommendations for a good alignment shop?', 'Who else is running {wheels}?', 'See you all at the next meet.'],
  },
  restoration: {
    stories: [
      { titles: ['Restoration diary: week {week}', 'The {car} project lives'], openers: ['Week {week} of the {car} restoration.', 'Quick update on the {car}: slow, but moving.'] },
      { titles: ['Rust repair on the {car}', 'Bare metal'], openers: ['Cut out the last of the rust in the {panel} today.', 'Stripped the {panel} back to bare metal and found more rust than hoped.'] },
      { titles: ['Engine out, engine in', 'The {engine} is back'], openers: ["The {engine} is back from the machine shop: bored, new pistons, balanced.", 'Engine out on Saturday, rebuilt {engine} in on Sunday night.'] },
      { titles: ['Primer day', 'Panel gaps, my old friend'], openers: ['{hours} hours of sanding this weekend and the primer is finally on.', 'Spent the whole weekend on panel gaps, door by door.'] },
      { titles: ['Rebuilt the {part}', 'Sourcing parts for a {year} {car}'], openers: ['Rebuilt the {part} on the kitchen table, do not tell anyone.', 'Finding parts for a {year} {car} is a full-time job.'] },
      { scene: 'garage', titles: ['Back on its wheels', 'First drive in three years'], openers: ['The {car} is finally back on its own wheels.', 'First drive around the block in the {car} after three years off the road.'] },
    ],
    details: ['Found a donor panel at a breaker two hours away.', 'Every bolt is bagged and labelled this time, lesson learned from the last project.', 'Epoxy primer on, filler next, paint hopefully before summer.', 'The original {part} cleaned up better than expected.', 'Seam sealer everywhere so I never have to do this again.', 'Going back to the factory {paint}, no question.'],
    closers: ['Progress is slow but it is progress.', 'If anyone has a {part} for {a car}, message me.', 'Paint colour votes in the comments.', 'Next step: the wiring loom. Wish me luck.', 'Thanks for all the advice in the last thread.'],
  },
  meet: {
    stories: [
      { titles: ['Cars & Coffee this morning', 'Sunday service', 'Meet recap'], openers: ['Huge turnout at Cars & Coffee this morning, the car park was full by eight.', 'Small meet this week but the quality was unreal.'] },
      { titles: ['Spotted: {car2}', 'Unexpected find at the meet'], openers: ['Spotted {a car2} parked next to the {car} and could not choose.', 'Did not expect {a car2} at a Sunday meet, what a find.'] },
      { titles: ['Coffee, croissants and {a car}', 'First meet of the season'], openers: ['Brought the {car} out for its first meet of the season.', 'The {car} got a wash and a coffee run this morning.'] },
      { titles: ['{count} cars before 9 am', 'Early start, great turnout'], openers: ['Rolled in early for a good spot, {count} cars by nine.', 'Alarm at six, on the road at half past, worth it.'] },
      { titles: ['Car park of the week', 'Best of the Sunday meet'], openers: ['Some of the best from this Sunday, starting with my own {car}.', 'Walked the rows three times and still missed half of them.'] },
    ],
    details: ['The owner of the oldest car there has had it since new and still drives it every week.', 'Someone brought {a car2}, I had not seen one in years.', 'The coffee truck ran out before ten, that is how busy it was.', 'Great mix this time: old school, JDM, a couple of EVs and one very loud V8.', 'Spent an hour talking carburettors with a stranger, best part of the morning.'],
    closers: ['Same time next Sunday?', 'Which one would you take home?', 'More photos in the next post.', 'Thanks to everyone who came and said hi.', 'Tag the owners if you know them!'],
  },
  rally: {
    stories: [
      { titles: ['Spectating at {rally}', 'Stage {stage}: flat out', 'Service park chaos'], openers: ['Spent the weekend at {rally}, stage {stage} was incredible to watch.', 'Camped by stage {stage} of {rally}, the cars came through flat out.'] },
      { scene: 'rally', titles: ['Rally school day', 'Sideways in the {car}'], openers: ['First rally school day in the {car}: gravel, left-foot braking and a lot of laughing.', 'Rally school in the {car}, spent most of the day sideways.'] },
      { scene: 'snow', time: 'day', titles: ['Snow stage in the {car}', 'Winter rally'], openers: ['Snow stage this morning, the {car} was dancing the whole way.', 'Studs on, the {car} on a frozen forest road, pure joy.'] },
      { titles: ['{car} rally build update', 'Gravel season is back'], openers: ['New underbody protection on the {car} for the gravel rounds.', 'Roll cage done, seats in, the {car} is nearly ready for gravel season.'] },
      { titles: ['Pace notes and dust', 'Forest stages'], openers: ['Recce done, notes written, nerves ready.', 'Two days of forest stages, one very dusty {car}.'] },
    ],
    details: ["The co-driver read '{note}' and I trusted it. Mostly.", 'The sump guard earned its money on the second run.', 'Studded tyres are pure magic on ice.', 'Dust everywhere, the car needs a week of cleaning.', 'The {engine} on full boost in the forest is a sound I will never forget.'],
    closers: ['Anyone else doing the next round?', 'Onboard video coming soon.', 'Respect to the marshals, out there since six in the morning.', 'Already planning the next one.', 'Where do you spectate on this rally?'],
  },
  ev: {
    stories: [
      { scene: 'touge', titles: ['EV road trip: {from} to {to}', '{km} km in the {car}'], openers: ['Just drove from {from} to {to} in the {car}, {stops} charging stops.', 'Road trip from {from} to {to}: {km} km and not one range panic.'] },
      { scene: 'track', titles: ['First track day in an EV', 'Instant torque, instant grin'], openers: ['Took the {car} to a track day, people were surprised.', 'Launch control in the {car} never gets old.'] },
      { scene: 'charging', titles: ['Charging stop of the week', 'Home charger installed'], openers: ['Best charging stop so far: a fast charger next to a bakery.', 'Got a wallbox at home, no more public chargers for the commute.'] },
      { titles: ['Winter range test', '{range} km on a single charge'], openers: ['Range in winter dropped to about {range} km, still plenty for me.', 'Managed {range} km on one charge in the {car} this week.'] },
      { titles: ['The {car} after {km} km', 'One year with the {car}'], openers: ['One year and {km} km with the {car}, time for an honest review.', 'Hit {km} km in the {car} today.'] },
      { scene: 'meet', titles: ['One-pedal driving through the hills', 'Does an EV belong at Cars & Coffee?'], openers: ['Took the {car} up the hills, barely touched the brake pedal.', 'Brought the {car} to Cars & Coffee, got more questions than anyone.'] },
    ],
    details: ['Peak charging at {kw} kW, enough time for a coffee and a pastry.', 'The silence takes getting used to; you hear the tyres and the wind.', 'Regen is strong enough that I barely touch the brakes in town.', 'I still miss a manual gearbox sometimes, not going to lie.', 'Launch control should come with a warning for passengers.'],
    closers: ['Ask me anything about living with it.', 'Charging map recommendations welcome.', "EVs at the meet next week, who's in?", 'Converted petrolhead? Maybe half.', 'Range numbers in the comments.'],
  },
  roads: {
    stories: [
      { scene: 'touge', time: 'dawn', titles: ['Sunrise over the pass', '{road} before the crowds'], openers: ['Left at five in the morning to have {road} to ourselves.', 'Sunrise on {road}, not another car for an hour.'] },
      { titles: ['Mountain roads in the {car}', '{km} km of switchbacks', 'Touge Tuesday'], openers: ['{km} km of switchbacks today and the {car} was in its element.', 'Tuesday evening run over the pass in the {car}.'] },
      { scene: 'touge', time: 'golden', titles: ['Autumn colours on the pass', 'Golden hour run'], openers: ['Autumn colours on the pass, could not have asked for better weather.', 'Caught the golden hour on the way back over the hills.'] },
      { scene: 'coast', titles: ['Road trip: {from} to {to}', 'The long way home'], openers: ['Three days from {from} to {to}, four passes, one very happy {car}.', 'Drove the long way home from {from}, through the hills.'] },
      { titles: ['Best road I have driven this year', 'Found a new favourite road'], openers: ['A friend showed me a road behind the reservoir and wow.', 'Drove {road} for the first time and it lives up to the hype.'] },
    ],
    details: ['Second gear, third gear, repeat for an hour.', 'Stopped at the top for coffee and the view.', 'The brakes smelled a bit hot on the way down, time for better pads.', 'Passed a convoy of classic Minis coming the other way, lots of waves.', 'The {engine} sounds best bouncing off the rock walls.'],
    closers: ['Route in the comments.', 'Who wants to join next time?', 'Same time next week.', 'Roads like this are why I still drive a manual.', 'Already planning the next trip.'],
  },
};

const SLOTS: Record<string, readonly string[]> = {
  track: ['Spa-Francorchamps', 'the Nordschleife', 'Brands Hatch', 'Laguna Seca', 'Suzuka', 'Tsukuba', 'Donington Park', 'Zandvoort', 'Mount Panorama', 'Road Atlanta', 'Oulton Park', 'Knockhill', 'Mugello', 'Anglesey'],
  tyre: ['Toyo R888R', 'Yokohama A052', 'Michelin Cup 2', 'Nankang AR-1', 'Federal 595RS-Pro'],
  brakes: ['Pagid pads', 'Ferodo DS2500 pads', 'big brake kit', 'braided lines', 'two-piece discs'],
  fluid: ['Castrol SRF', 'Motul RBF 660', 'Endless RF-650'],
  wheels: ['Watanabe RS8s', 'BBS RS', 'Work Meisters', 'Rays TE37s', 'SSR Longchamps', 'OZ Futuras', 'Enkei RPF1s', 'Volk CE28s', 'Fuchs', 'Minilites'],
  coilovers: ['BC Racing coilovers', 'KW V3s', 'Öhlins Road & Track', 'Tein Flex Zs', 'Bilstein B16s'],
  part: ['limited-slip diff', 'gearbox', 'steering rack', 'carburettors', 'fuel tank', 'door cards', 'front subframe', 'radiator', 'dashboard'],
  panel: ['sills', 'rear arches', 'floor pan', 'boot floor', 'inner wings', 'A-pillars', 'jacking points'],
  rally: ['Rally Finland', 'the Tour de Corse', 'Rallye Monte-Carlo', 'Rally Sweden', 'Rally Portugal', 'the Wales Rally', 'our local forest rally'],
  note: ["six right long, don't cut", 'crest, flat over', 'four left into hairpin right', 'jump, maybe'],
  road: ['the Stelvio', 'the Transfăgărășan', 'the Hakone Turnpike', 'the Col de Turini', 'the Grossglockner', 'the Tail of the Dragon', 'the Furka Pass', 'the Evo Triangle', 'the Black Forest High Road', 'Irohazaka', 'the Atlantic Road'],
  city: ['Munich', 'Milan', 'Lyon', 'Oslo', 'Bergen', 'Edinburgh', 'Barcelona', 'Porto', 'Vienna', 'Prague', 'Copenhagen', 'Hamburg'],
};

export interface PostText {
  title: string;
  content: string;
  scene?: SceneKind;
  time?: TimeOfDay;
}

/** "a" or "an" before a car's name, as it is said: an AE86, an MR2, a 911. */
export function withArticle(name: string): string {
  return `${/^(?:[AEIOU]|MR|NSX|RX|S2)/.test(name) ? 'an' : 'a'} ${name}`;
}

/** A value for every `{slot}`, chosen once per post. */
function slotValues(random: Random, car: CarModel, paint: Paint, other: CarModel): Record<string, string> {
  const [from, to] = random.sample(SLOTS.city!, 2);
  const picked = Object.fromEntries(Object.entries(SLOTS).map(([slot, values]) => [slot, random.pick(values)]));
  return {
    ...picked,
    car: car.name,
    car2: other.name,
    'a car': withArticle(car.name),
    'a car2': withArticle(other.name),
    year: String(car.year),
    engine: car.engine,
    paint: paint.name,
    laptime: `${random.int(1, 2)}:${String(random.int(4, 58)).padStart(2, '0')}.${random.int(0, 9)}`,
    delta: `${random.int(1, 19) / 10} s`,
    sessions: String(random.int(4, 8)),
    pressure: String(random.int(30, 36)),
    months: String(random.int(3, 9)),
    mm: String(random.int(25, 60)),
    week: String(random.int(3, 60)),
    hours: String(random.int(6, 20)),
    count: String(random.int(40, 180)),
    stage: String(random.int(2, 18)),
    range: String(random.int(280, 520)),
    km: String(random.int(3, 24) * 50),
    stops: String(random.int(1, 5)),
    kw: String(random.int(12, 27) * 10),
    from: from!,
    to: to!,
  };
}

function fill(template: string, slots: Record<string, string>): string {
  return template.replace(/\{(\w+(?: \w+)?)\}/g, (whole, slot: string) => slots[slot] ?? whole);
}

/** A post about `topic` with this car (and `other`, a car seen at a meet). */
export function postText(random: Random, topic: Topic, car: CarModel, paint: Paint, other: CarModel): PostText {
  const phrases = PHRASES[topic];
  const story = random.pick(phrases.stories);
  const sentences = [random.pick(story.openers), ...random.sample(phrases.details, random.int(1, 2))];
  if (random.chance(0.7)) sentences.push(random.pick(phrases.closers));
  // One set of slot values for the title and the text: the same track, the same lap time.
  const slots = slotValues(random, car, paint, other);
  const title = fill(random.pick(story.titles), slots);
  return {
    // A slot may open the title ("the Stelvio before the crowds").
    title: title.charAt(0).toUpperCase() + title.slice(1),
    content: sentences.map((sentence) => fill(sentence, slots)).join(' '),
    ...(story.scene ? { scene: story.scene } : {}),
    ...(story.time ? { time: story.time } : {}),
  };
}
