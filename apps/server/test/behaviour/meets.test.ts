// The contract's behaviour suite against the real server, for the areas this file's name lists (server.ts).
import { describeServerBehaviour } from './server.ts';

describeServerBehaviour(import.meta.url);
