import { isDict, pyEquals, pyType, setOwn } from '../../bfcl/values';
import { defineApiClass, PyError, type BfclApi } from '../api';
import { add, isNumber, num, pyStr } from '../py-num';
import { attributeError, pyDeepCopy, pyItem, pyLower, pyTruthy, scenarioValue } from './py-object';

type Ticket = Record<string, unknown>;

/** The leaderboard's TicketAPI: a queue of support tickets for whoever logged in. */
export class TicketSystem implements BfclApi {
  ticketQueue: Ticket[] = [];
  ticketCounter: unknown = 1;
  currentUser: unknown = null;

  /** The leaderboard gives this class no long-context extras, so `longContext` changes nothing. */
  loadScenario(scenario: Record<string, unknown>, _longContext = false) {
    this.ticketQueue = scenarioValue(scenario, 'ticket_queue', []) as Ticket[];
    this.ticketCounter = scenarioValue(scenario, 'ticket_counter', 1);
    this.currentUser = scenarioValue(scenario, 'current_user', null);
  }

  publicState() {
    return pyDeepCopy({
      ticket_queue: this.ticketQueue,
      ticket_counter: this.ticketCounter,
      current_user: this.currentUser,
    });
  }

  /** The first ticket whose `id` equals `ticketId`; a ticket without one stops the search with a KeyError. */
  findTicket(ticketId: unknown): Ticket | undefined {
    return this.ticketQueue.find((ticket) => pyEquals(pyItem(ticket, 'id'), ticketId));
  }
}

const notFound = (ticketId: unknown) => ({ error: `Ticket with ID ${pyStr(ticketId)} not found.` });

const VALID_FIELDS = new Set(['title', 'description', 'status', 'priority']);

/** `a < b` between a priority and an int: numbers compare, anything else is Python's TypeError. */
function lessThan(a: unknown, b: number, op: '<' | '>'): boolean {
  if (!isNumber(a))
    throw new PyError(`'${op}' not supported between instances of '${pyType(a)}' and 'int'`, 'TypeError');
  return op === '<' ? num(a) < b : num(a) > b;
}

/** `", ".join(fields)`: only str items join. */
function joinFields(fields: unknown[]): string {
  const index = fields.findIndex((f) => typeof f !== 'string');
  if (index >= 0)
    throw new PyError(`sequence item ${index}: expected str instance, ${pyType(fields[index])} found`, 'TypeError');
  return fields.join(', ');
}

export const ticketApi = defineApiClass<TicketSystem>({
  name: 'TicketAPI',
  stateless: false,
  create: () => new TicketSystem(),
  methods: {
    create_ticket: {
      params: [{ name: 'title' }, { name: 'description', default: '' }, { name: 'priority', default: 1 }],
      run(api, { title, description, priority }) {
        if (!pyTruthy(api.currentUser)) return { error: 'User not authenticated. Please log in to create a ticket.' };
        if (lessThan(priority, 1, '<') || lessThan(priority, 5, '>'))
          return { error: 'Invalid priority. Priority must be between 1 and 5.' };
        const ticket: Ticket = {
          id: api.ticketCounter,
          title,
          description,
          status: 'Open',
          priority,
          created_by: api.currentUser,
        };
        api.ticketQueue.push(ticket);
        api.ticketCounter = add(api.ticketCounter, 1);
        return ticket;
      },
    },
    get_ticket: {
      params: [{ name: 'ticket_id' }],
      run: (api, { ticket_id }) => api.findTicket(ticket_id) ?? notFound(ticket_id),
    },
    close_ticket: {
      params: [{ name: 'ticket_id' }],
      run(api, { ticket_id }) {
        const ticket = api.findTicket(ticket_id);
        if (!ticket) return notFound(ticket_id);
        if (pyEquals(pyItem(ticket, 'status'), 'Closed'))
          return { error: `Ticket with ID ${pyStr(ticket_id)} is already closed.` };
        setOwn(ticket, 'status', 'Closed');
        return { status: `Ticket ${pyStr(ticket_id)} has been closed successfully.` };
      },
    },
    resolve_ticket: {
      params: [{ name: 'ticket_id' }, { name: 'resolution' }],
      run(api, { ticket_id, resolution }) {
        const ticket = api.findTicket(ticket_id);
        if (!ticket) return notFound(ticket_id);
        if (pyEquals(pyItem(ticket, 'status'), 'Resolved'))
          return { error: `Ticket with ID ${pyStr(ticket_id)} is already resolved.` };
        setOwn(ticket, 'status', 'Resolved');
        setOwn(ticket, 'resolution', resolution);
        return { status: `Ticket ${pyStr(ticket_id)} has been resolved successfully.` };
      },
    },
    edit_ticket: {
      params: [{ name: 'ticket_id' }, { name: 'updates' }],
      run(api, { ticket_id, updates }) {
        const ticket = api.findTicket(ticket_id);
        if (!ticket) return notFound(ticket_id);
        if (!isDict(updates)) throw attributeError(updates, 'keys');
        // Python joins a set here, in hash order; with one bad field (the usual case) the text is the same.
        const invalid = Object.keys(updates).filter((field) => !VALID_FIELDS.has(field));
        if (invalid.length) return { error: `Invalid fields for update: ${joinFields(invalid)}` };
        for (const [field, value] of Object.entries(updates)) if (value !== null) setOwn(ticket, field, value);
        return { status: `Ticket ${pyStr(ticket_id)} has been updated successfully.` };
      },
    },
    ticket_login: {
      params: [{ name: 'username' }, { name: 'password' }],
      run(api, { username, password }) {
        if (!pyTruthy(username) || !pyTruthy(password)) return { success: false };
        api.currentUser = username;
        return { success: true };
      },
    },
    ticket_get_login_status: {
      params: [],
      run: (api) => ({ login_status: pyTruthy(api.currentUser) }),
    },
    logout: {
      params: [],
      run(api) {
        if (!pyTruthy(api.currentUser)) return { success: false };
        api.currentUser = null;
        return { success: true };
      },
    },
    get_user_tickets: {
      params: [{ name: 'status', default: null }],
      run(api, { status }) {
        if (!pyTruthy(api.currentUser)) return [{ error: 'User not authenticated. Please log in to view tickets.' }];
        const mine = api.ticketQueue.filter((ticket) => pyEquals(pyItem(ticket, 'created_by'), api.currentUser));
        if (!pyTruthy(status)) return mine;
        return mine.filter((ticket) => pyLower(pyItem(ticket, 'status')) === pyLower(status));
      },
    },
  },
});
