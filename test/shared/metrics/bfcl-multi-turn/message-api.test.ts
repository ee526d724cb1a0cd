import { describe, expect, it } from 'vitest';
import { BfclWorld } from '../../../../shared/metrics/bfcl-multi-turn/execute';
import { PyOther } from '../../../../shared/metrics/bfcl/values';

/** A world of the MessageAPI alone, loaded with this MessageAPI config. */
const worldOf = (config: Record<string, unknown>) => new BfclWorld(['MessageAPI'], { MessageAPI: config }, false);
const stateOf = (world: BfclWorld) => world.instances.get('MessageAPI')!.publicState();

// Every result and state below was printed by the leaderboard's own MessageAPI (bfcl_eval, Python 3.11) for these calls.
describe('MessageAPI, as the leaderboard runs it', () => {
  it('finds users by name and logs in by id in the default workspace', () => {
    const world = worldOf({});
    expect(
      world.execute([
        'list_users()',
        "get_user_id(user='Bob')",
        "get_user_id(user='bob')",
        "get_user_id(user=['Bob'])",
        'message_get_login_status()',
        "message_login(user_id='USR009')",
        'message_login(user_id=2)',
        "message_login(user_id='USR003')",
        'message_get_login_status()',
      ]),
    ).toEqual([
      '{"user_list": ["Alice", "Bob", "Catherine", "Daniel"]}',
      '{"user_id": "USR002"}',
      '{"error": "User \'bob\' not found in the workspace."}',
      "Error during execution: unhashable type: 'list'",
      '{"login_status": false}',
      '{"login_status": false, "message": "User ID \'USR009\' not found."}',
      '{"login_status": false, "message": "User ID \'2\' not found."}',
      '{"login_status": true, "message": "User \'USR003\' logged in successfully."}',
      '{"login_status": true}',
    ]);
    expect(stateOf(world)).toEqual({
      generated_ids: new PyOther('set', 'set()'),
      user_count: 4,
      user_map: { Alice: 'USR001', Bob: 'USR002', Catherine: 'USR003', Daniel: 'USR004' },
      inbox: [
        { USR002: 'My name is Alice. I want to connect.' },
        { USR003: 'Could you upload the file?' },
        { USR004: 'Could you upload the file?' },
      ],
      message_count: 3,
      current_user: 'USR003',
    });
  });

  it('draws message ids from random.Random(200191) and keeps every message in one inbox', () => {
    const world = worldOf({});
    expect(
      world.execute([
        "message_login(user_id='USR001')",
        "send_message(receiver_id='USR002', message='Hi Bob')",
        "send_message(receiver_id='USR002', message='Lunch?')",
        "send_message(receiver_id='USR042', message='x')",
        'view_messages_sent()',
        "search_messages(keyword='HI')",
        "search_messages(keyword='upload')",
        "send_message(receiver_id='USR004', message=7)",
        'get_message_stats()',
        "delete_message(receiver_id='USR002')",
        "delete_message(receiver_id='USR042')",
        'get_message_stats()',
      ]),
    ).toEqual([
      '{"login_status": true, "message": "User \'USR001\' logged in successfully."}',
      '{"sent_status": true, "message_id": {"new_id": 67410}, "message": "Message sent to \'USR002\' successfully."}',
      '{"sent_status": true, "message_id": {"new_id": 41772}, "message": "Message sent to \'USR002\' successfully."}',
      '{"error": "Receiver ID \'USR042\' not found."}',
      '{"messages": {"USR002": ["My name is Alice. I want to connect.", "Hi Bob", "Lunch?"], "USR003": ["Could you upload the file?"], "USR004": ["Could you upload the file?"]}}',
      '{"results": [{"receiver_id": "USR002", "message": "Hi Bob"}]}',
      '{"results": [{"receiver_id": "USR003", "message": "Could you upload the file?"}, {"receiver_id": "USR004", "message": "Could you upload the file?"}]}',
      '{"sent_status": true, "message_id": {"new_id": 24547}, "message": "Message sent to \'USR004\' successfully."}',
      '{"stats": {"received_count": 6, "total_contacts": 3}}',
      '{"deleted_status": true, "receiver_id": "USR002", "message": "Receiver USR002\'s latest message deleted successfully."}',
      '{"error": "Receiver ID USR042 not found."}',
      '{"stats": {"received_count": 5, "total_contacts": 3}}',
    ]);
    expect(stateOf(world)).toEqual({
      generated_ids: new PyOther('set', '{24547, 41772, 67410}'),
      user_count: 4,
      user_map: { Alice: 'USR001', Bob: 'USR002', Catherine: 'USR003', Daniel: 'USR004' },
      inbox: [
        { USR002: 'My name is Alice. I want to connect.' },
        { USR003: 'Could you upload the file?' },
        { USR004: 'Could you upload the file?' },
        { USR002: 'Hi Bob' },
        { USR004: 7 },
      ],
      message_count: 6,
      current_user: 'USR001',
    });
  });

  it("seeds its draws from the scenario's random_seed", () => {
    const world = worldOf({ random_seed: 7, current_user: 'USR002', inbox: [] });
    expect(
      world.execute([
        "send_message(receiver_id='USR001', message='a')",
        "send_message(receiver_id='USR003', message='b')",
        'view_messages_sent()',
      ]),
    ).toEqual([
      '{"sent_status": true, "message_id": {"new_id": 52445}, "message": "Message sent to \'USR001\' successfully."}',
      '{"sent_status": true, "message_id": {"new_id": 29772}, "message": "Message sent to \'USR003\' successfully."}',
      '{"messages": {"USR001": ["a"], "USR003": ["b"]}}',
    ]);
    expect(stateOf(world)).toEqual({
      generated_ids: new PyOther('set', '{29772, 52445}'),
      user_count: 4,
      user_map: { Alice: 'USR001', Bob: 'USR002', Catherine: 'USR003', Daniel: 'USR004' },
      inbox: [{ USR001: 'a' }, { USR003: 'b' }],
      message_count: 5,
      current_user: 'USR002',
    });
  });

  it('asks for a login before sending, deleting, viewing, searching or counting', () => {
    const world = worldOf({ inbox: [{ USR002: 'hello' }] });
    expect(
      world.execute([
        "send_message(receiver_id='USR002', message='x')",
        "delete_message(receiver_id='USR002')",
        'view_messages_sent()',
        "search_messages(keyword='h')",
        'get_message_stats()',
      ]),
    ).toEqual([
      '{"error": "No user is currently logged in."}',
      '{"error": "No user is currently logged in."}',
      '{"error": "No user is currently logged in."}',
      '{"error": "No user is currently logged in."}',
      '{"error": "No user is currently logged in."}',
    ]);
    expect(stateOf(world)).toEqual({
      generated_ids: new PyOther('set', 'set()'),
      user_count: 4,
      user_map: { Alice: 'USR001', Bob: 'USR002', Catherine: 'USR003', Daniel: 'USR004' },
      inbox: [{ USR002: 'hello' }],
      message_count: 3,
      current_user: null,
    });
  });

  it("adds contacts with the next USR number, keeping the name's Python type", () => {
    const world = worldOf({ user_count: 4, user_map: { Alice: 'USR001', Bob: 'USR002', Eve: 'USR006' } });
    expect(
      world.execute([
        "add_contact(user_name='Zoe')",
        "add_contact(user_name='Alice')",
        "add_contact(user_name='Yan')",
        'add_contact(user_name=5)',
        'add_contact(user_name=5.0)',
        'list_users()',
        'get_user_id(user=5.0)',
        "get_user_id(user='5')",
        "add_contact(user_name=['x'])",
      ]),
    ).toEqual([
      '{"added_status": true, "user_id": "USR005", "message": "Contact \'Zoe\' added successfully."}',
      '{"error": "User name \'Alice\' already exists."}',
      '{"error": "User ID \'USR006\' already exists."}',
      '{"added_status": true, "user_id": "USR007", "message": "Contact \'5\' added successfully."}',
      '{"error": "User name \'5.0\' already exists."}',
      '{"user_list": ["Alice", "Bob", "Eve", "Zoe", 5]}',
      '{"user_id": "USR007"}',
      '{"error": "User \'5\' not found in the workspace."}',
      "Error during execution: unhashable type: 'list'",
    ]);
    expect(stateOf(world)).toEqual({
      generated_ids: new PyOther('set', 'set()'),
      user_count: 7,
      user_map: { Alice: 'USR001', Bob: 'USR002', Eve: 'USR006', Zoe: 'USR005', '5': 'USR007' },
      inbox: [
        { USR002: 'My name is Alice. I want to connect.' },
        { USR003: 'Could you upload the file?' },
        { USR004: 'Could you upload the file?' },
      ],
      message_count: 3,
      current_user: null,
    });
  });

  it("deletes the receiver's latest message by removing the first equal one", () => {
    const world = worldOf({ current_user: 'USR001', inbox: [{ USR002: 'a' }, { USR003: 'b' }, { USR002: 'a' }] });
    expect(
      world.execute([
        "delete_message(receiver_id='USR002')",
        'view_messages_sent()',
        "delete_message(receiver_id='USR003')",
        'get_message_stats()',
      ]),
    ).toEqual([
      '{"deleted_status": true, "receiver_id": "USR002", "message": "Receiver USR002\'s latest message deleted successfully."}',
      '{"messages": {"USR003": ["b"], "USR002": ["a"]}}',
      '{"deleted_status": true, "receiver_id": "USR003", "message": "Receiver USR003\'s latest message deleted successfully."}',
      '{"stats": {"received_count": 1, "total_contacts": 1}}',
    ]);
    expect(stateOf(world)).toEqual({
      generated_ids: new PyOther('set', 'set()'),
      user_count: 4,
      user_map: { Alice: 'USR001', Bob: 'USR002', Catherine: 'USR003', Daniel: 'USR004' },
      inbox: [{ USR002: 'a' }],
      message_count: 3,
      current_user: 'USR001',
    });
  });

  it('fails as Python does on a message that is a list, a keyword that is not a str, or an empty inbox entry', () => {
    const world = worldOf({ current_user: 'USR001', inbox: [{ USR002: ['Meeting at 3 PM'] }, {}] });
    expect(
      world.execute([
        'search_messages(keyword=5)',
        "search_messages(keyword='meeting')",
        'view_messages_sent()',
        'get_message_stats()',
        "delete_message(receiver_id='USR002')",
        "delete_message(receiver_id='USR009')",
      ]),
    ).toEqual([
      "Error during execution: 'int' object has no attribute 'lower'",
      "Error during execution: 'list' object has no attribute 'lower'",
      'Error during execution: list index out of range',
      'Error during execution: list index out of range',
      'Error during execution: list index out of range',
      'Error during execution: list index out of range',
    ]);
    expect(stateOf(world)).toEqual({
      generated_ids: new PyOther('set', 'set()'),
      user_count: 4,
      user_map: { Alice: 'USR001', Bob: 'USR002', Catherine: 'USR003', Daniel: 'USR004' },
      inbox: [{ USR002: ['Meeting at 3 PM'] }, {}],
      message_count: 3,
      current_user: 'USR001',
    });
  });
});
