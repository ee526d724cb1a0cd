import { PyOther, isDict, pyEquals } from '../../bfcl/values';
import { defineApiClass, PyError, type BfclApi } from '../api';
import { add, pyStr } from '../py-num';
import { PyRandom } from '../py-random';
import { PyDict } from './py-keyed-dict';
import { attributeError, pyDeepCopy, pyListContains, pyLower, pyTruthy, scenarioValue } from './py-object';

/** One inbox entry, `{receiver_id: message}`. */
type InboxMessage = Record<string, unknown>;

const DEFAULT_USERS = { Alice: 'USR001', Bob: 'USR002', Catherine: 'USR003', Daniel: 'USR004' };
const DEFAULT_INBOX = [
  { USR002: 'My name is Alice. I want to connect.' },
  { USR003: 'Could you upload the file?' },
  { USR004: 'Could you upload the file?' },
];
const DEFAULT_SEED = 200191;

/** The leaderboard's MessageAPI: users by name, and one inbox of every message sent, in order. */
export class Messenger implements BfclApi {
  random = new PyRandom(DEFAULT_SEED);
  /** The ids `_generate_id` has handed out: a Python set of ints (or whatever the scenario put there). */
  generatedIds: unknown = new Set<number>();
  userCount: unknown = 4;
  userMap = new PyDict<unknown>();
  inbox: InboxMessage[] = [];
  messageCount: unknown = 3;
  currentUser: unknown = null;

  /** The leaderboard gives this class no long-context extras, so `longContext` changes nothing. */
  loadScenario(scenario: Record<string, unknown>, _longContext = false) {
    this.random = new PyRandom(scenarioValue(scenario, 'random_seed', DEFAULT_SEED) as number);
    this.generatedIds = scenarioValue(scenario, 'generated_ids', new Set<number>());
    this.userCount = scenarioValue(scenario, 'user_count', 4);
    this.userMap = PyDict.fromObject(
      scenarioValue(scenario, 'user_map', { ...DEFAULT_USERS }) as Record<string, unknown>,
    );
    this.inbox = scenarioValue(scenario, 'inbox', pyDeepCopy(DEFAULT_INBOX)) as InboxMessage[];
    this.messageCount = scenarioValue(scenario, 'message_count', 3);
    this.currentUser = scenarioValue(scenario, 'current_user', null);
  }

  publicState() {
    const ids = this.generatedIds;
    return pyDeepCopy({
      // A set compares without order: written with its ints sorted.
      generated_ids: ids instanceof Set ? new PyOther('set', setRepr(ids as Set<number>)) : ids,
      user_count: this.userCount,
      user_map: this.userMap.toPlain(),
      inbox: this.inbox,
      message_count: this.messageCount,
      current_user: this.currentUser,
    });
  }

  /** `_generate_id`: randint draws until one is new, remembered in `generated_ids`. */
  generateId(): { new_id: number } {
    const ids = this.generatedIds;
    const taken = (id: number) => (ids instanceof Set ? ids.has(id) : pyListContains(ids as unknown[], id));
    let id = this.random.randint(10000, 99999);
    while (taken(id)) id = this.random.randint(10000, 99999);
    if (!(ids instanceof Set)) throw attributeError(ids, 'add');
    ids.add(id);
    return { new_id: id };
  }
}

const setRepr = (ids: Set<number>) => (ids.size ? `{${[...ids].sort((a, b) => a - b).join(', ')}}` : 'set()');

/** An inbox entry's first `(receiver, message)`; an empty entry is Python's IndexError. */
function firstItem(message: InboxMessage): [string, unknown] {
  if (!isDict(message)) throw attributeError(message, 'items');
  const entries = Object.entries(message);
  if (!entries.length) throw new PyError('list index out of range', 'IndexError');
  return entries[0]!;
}

const notLoggedIn = () => ({ error: 'No user is currently logged in.' });

/** `str.zfill(width)`: zeros after the sign. */
function zfill(text: string, width: number): string {
  const sign = /^[+-]/.test(text) ? text[0]! : '';
  return sign + text.slice(sign.length).padStart(width - sign.length, '0');
}

export const messageApi = defineApiClass<Messenger>({
  name: 'MessageAPI',
  stateless: false,
  create: () => new Messenger(),
  methods: {
    list_users: {
      params: [],
      run: (api) => ({ user_list: api.userMap.keys() }),
    },
    get_user_id: {
      params: [{ name: 'user' }],
      run(api, { user }) {
        if (!api.userMap.has(user)) return { error: `User '${pyStr(user)}' not found in the workspace.` };
        return { user_id: api.userMap.get(user) };
      },
    },
    message_login: {
      params: [{ name: 'user_id' }],
      run(api, { user_id }) {
        if (!pyListContains(api.userMap.values(), user_id))
          return { login_status: false, message: `User ID '${pyStr(user_id)}' not found.` };
        api.currentUser = user_id;
        return { login_status: true, message: `User '${pyStr(user_id)}' logged in successfully.` };
      },
    },
    message_get_login_status: {
      params: [],
      run: (api) => ({ login_status: pyTruthy(api.currentUser) }),
    },
    send_message: {
      params: [{ name: 'receiver_id' }, { name: 'message' }],
      run(api, { receiver_id, message }) {
        if (!pyTruthy(api.currentUser)) return notLoggedIn();
        if (!pyListContains(api.userMap.values(), receiver_id))
          return { error: `Receiver ID '${pyStr(receiver_id)}' not found.` };
        const messageId = api.generateId();
        // Only a str equals a user id, so the receiver is a str key.
        api.inbox.push({ [receiver_id as string]: message });
        api.messageCount = add(api.messageCount, 1);
        return {
          sent_status: true,
          message_id: messageId,
          message: `Message sent to '${pyStr(receiver_id)}' successfully.`,
        };
      },
    },
    delete_message: {
      params: [{ name: 'receiver_id' }],
      run(api, { receiver_id }) {
        if (!pyTruthy(api.currentUser)) return notLoggedIn();
        for (const message of [...api.inbox].reverse()) {
          const [receiver] = firstItem(message);
          if (pyEquals(receiver, receiver_id)) {
            // list.remove drops the first entry equal to it, which may be an earlier copy.
            api.inbox.splice(
              api.inbox.findIndex((m) => pyEquals(m, message)),
              1,
            );
            return {
              deleted_status: true,
              receiver_id: receiver,
              message: `Receiver ${pyStr(receiver_id)}'s latest message deleted successfully.`,
            };
          }
        }
        return { error: `Receiver ID ${pyStr(receiver_id)} not found.` };
      },
    },
    view_messages_sent: {
      params: [],
      run(api) {
        if (!pyTruthy(api.currentUser)) return notLoggedIn();
        const sent = new Map<string, unknown[]>();
        for (const message of api.inbox) {
          const [receiver, content] = firstItem(message);
          const list = sent.get(receiver);
          if (list) list.push(content);
          else sent.set(receiver, [content]);
        }
        return { messages: Object.fromEntries(sent) };
      },
    },
    add_contact: {
      params: [{ name: 'user_name' }],
      run(api, { user_name }) {
        if (api.userMap.has(user_name)) return { error: `User name '${pyStr(user_name)}' already exists.` };
        api.userCount = add(api.userCount, 1);
        const userId = `USR${zfill(pyStr(api.userCount), 3)}`;
        if (pyListContains(api.userMap.values(), userId)) return { error: `User ID '${userId}' already exists.` };
        api.userMap.set(user_name, userId);
        return { added_status: true, user_id: userId, message: `Contact '${pyStr(user_name)}' added successfully.` };
      },
    },
    search_messages: {
      params: [{ name: 'keyword' }],
      run(api, { keyword }) {
        if (!pyTruthy(api.currentUser)) return notLoggedIn();
        const wanted = pyLower(keyword);
        const results: { receiver_id: string; message: unknown }[] = [];
        for (const message of api.inbox) {
          const [receiverId, content] = firstItem(message);
          if (pyLower(content).includes(wanted)) results.push({ receiver_id: receiverId, message: content });
        }
        return { results };
      },
    },
    get_message_stats: {
      params: [],
      run(api) {
        if (!pyTruthy(api.currentUser)) return notLoggedIn();
        const contacts = new Set(api.inbox.map((message) => firstItem(message)[0]));
        return { stats: { received_count: api.inbox.length, total_contacts: contacts.size } };
      },
    },
  },
});
