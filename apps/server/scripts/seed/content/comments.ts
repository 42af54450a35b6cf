// What people say under a post, and what its author says back.
import type { Random } from '../random.ts';
import type { CarModel, Topic } from './cars.ts';
import { withArticle } from './posts.ts';

const ANYWHERE = [
  'That colour though.', 'Clean build!', 'What wheels are those?', 'Absolute dream car.', 'Need more photos of this.',
  'Proper.', 'This is the content I am here for.', 'Stunning, well done.', "How's it drive?", 'Saw this one in person, even better in real life.',
  'Love the stance.', 'Not many of these left.', 'Ride height is perfect.', 'Goals.', 'Would daily.', 'That light is unreal.',
  'Take me with you next time!', 'Is it for sale? Asking for a friend.', 'Sound clip or it did not happen.', 'Lovely {car}.',
  'The {car} is such an underrated shape.', 'Every time I see {a car} I want one more.', 'Wheel choice is spot on.', 'Period correct and perfect.',
];

const BY_TOPIC: Record<Topic, readonly string[]> = {
  track: ['What tyre pressures are you running?', 'Great time for that setup!', 'Which organiser was this with?', 'Brake ducts next?', 'Those kerbs look angry.', 'See you in the pit lane next month.'],
  jdm: ['Pop-ups up!', 'Hachiroku forever.', 'Import or local car?', 'Right-hand drive gang.', 'That needs to be at the next night meet.', 'The {engine} is a legend.'],
  restoration: ['The patience you have is unreal.', 'Cannot wait to see it painted!', 'Where did you get the panels?', 'Welds look tidy.', 'Bag and label everything, wise words.', 'Following this one closely.'],
  meet: ['Gutted I missed this one.', 'See you next Sunday!', 'Best turnout in ages.', 'I parked two rows behind you!', 'Was that the blue one by the entrance?'],
  rally: ['Proper rally spec.', 'Mud flaps are perfect.', 'Where was this stage?', 'Flat out!', 'That dust cloud is art.', 'Marshals are the real heroes.'],
  ev: ['How is the range in winter?', 'Did not expect an EV to look this good.', 'What charger do you use at home?', 'The torque must be hilarious.', 'Respect for taking it on track.'],
  roads: ['Which pass is this?', 'Send the route!', 'That view is unreal.', 'Early starts are always worth it.', 'Adding this road to the list.'],
};

const REPLIES = ['Thanks!', 'Cheers, appreciate it!', 'Thank you, means a lot.', 'Spec list coming soon.', 'See you there!', 'Ha, not for sale!', 'Thanks, it was a great day.', 'Route coming up in the next post.'];

export function commentText(random: Random, topic: Topic, car: CarModel): string {
  const line = random.chance(0.55) ? random.pick(BY_TOPIC[topic]) : random.pick(ANYWHERE);
  return line.replace('{a car}', withArticle(car.name)).replace('{car}', car.name).replace('{engine}', car.engine);
}

export function replyText(random: Random): string {
  return random.pick(REPLIES);
}
