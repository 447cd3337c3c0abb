/**
 * Builds the formatters the project list uses, once, in a worker of its own, then ends (issue 42, start-up).
 *
 * A page's first Intl object loads ICU's locale data, which took 27–105 ms on this machine's main thread; that
 * data is the renderer process's, shared by all its threads. Built here first, beside the page's own start, the
 * page's first formatters took 0.1–0.4 ms each. The same functions the page calls build them, with the same
 * locales and options. (Counts need no Intl: format.ts's formatCount.)
 */
import { titleCollator } from '../features/projects/project-order.js';
import { formatDateTime } from './date-format.js';

formatDateTime(new Date(0).toISOString());
titleCollator().compare('Episode 9', 'Episode 10');
'a'.localeCompare('b');
self.close();
