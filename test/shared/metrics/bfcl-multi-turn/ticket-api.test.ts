import { describe, expect, it } from 'vitest';
import { BfclWorld } from '../../../../shared/metrics/bfcl-multi-turn/execute';
import { PyFloat } from '../../../../shared/metrics/bfcl/values';

/** A world of the TicketAPI alone, loaded with this TicketAPI config. */
const worldOf = (config: Record<string, unknown>) => new BfclWorld(['TicketAPI'], { TicketAPI: config }, false);
const stateOf = (world: BfclWorld) => world.instances.get('TicketAPI')!.publicState();

// Every result and state below was printed by the leaderboard's own TicketAPI (bfcl_eval, Python 3.11) for these calls.
describe('TicketAPI, as the leaderboard runs it', () => {
  it('creates tickets numbered from the counter once someone is logged in', () => {
    const world = worldOf({ ticket_counter: 5 });
    expect(
      world.execute([
        "create_ticket(title='x')",
        'ticket_get_login_status()',
        "ticket_login(username='ann', password='pw')",
        'ticket_get_login_status()',
        "create_ticket(title='Printer', description='Jammed', priority=3)",
        "create_ticket(title='Low', priority=2.0)",
        "create_ticket(title='Bad', priority=6)",
        "create_ticket(title='Bad', priority=0)",
        "create_ticket(title='T', priority='3')",
        "create_ticket(title='T', priority=None)",
        'get_ticket(ticket_id=5)',
        'get_ticket(ticket_id=6.0)',
        "get_ticket(ticket_id='5')",
        'get_ticket(ticket_id=9)',
      ]),
    ).toEqual([
      '{"error": "User not authenticated. Please log in to create a ticket."}',
      '{"login_status": false}',
      '{"success": true}',
      '{"login_status": true}',
      '{"id": 5, "title": "Printer", "description": "Jammed", "status": "Open", "priority": 3, "created_by": "ann"}',
      '{"id": 6, "title": "Low", "description": "", "status": "Open", "priority": 2.0, "created_by": "ann"}',
      '{"error": "Invalid priority. Priority must be between 1 and 5."}',
      '{"error": "Invalid priority. Priority must be between 1 and 5."}',
      "Error during execution: '<' not supported between instances of 'str' and 'int'",
      "Error during execution: '<' not supported between instances of 'NoneType' and 'int'",
      '{"id": 5, "title": "Printer", "description": "Jammed", "status": "Open", "priority": 3, "created_by": "ann"}',
      '{"id": 6, "title": "Low", "description": "", "status": "Open", "priority": 2.0, "created_by": "ann"}',
      '{"error": "Ticket with ID 5 not found."}',
      '{"error": "Ticket with ID 9 not found."}',
    ]);
    expect(stateOf(world)).toEqual({
      ticket_queue: [
        { id: 5, title: 'Printer', description: 'Jammed', status: 'Open', priority: 3, created_by: 'ann' },
        { id: 6, title: 'Low', description: '', status: 'Open', priority: new PyFloat(2.0), created_by: 'ann' },
      ],
      ticket_counter: 7,
      current_user: 'ann',
    });
  });

  it('closes, resolves and edits tickets, refusing fields it does not know', () => {
    const world = worldOf({
      current_user: 'ann',
      ticket_counter: 3,
      ticket_queue: [
        { id: 1, title: 'A', description: '', status: 'Open', priority: 1, created_by: 'ann' },
        { id: 2, title: 'B', description: 'd', status: 'Open', priority: 2, created_by: 'bob' },
      ],
    });
    expect(
      world.execute([
        'close_ticket(ticket_id=1)',
        'close_ticket(ticket_id=1)',
        "resolve_ticket(ticket_id=2, resolution='Done')",
        "resolve_ticket(2, 'again')",
        "edit_ticket(ticket_id=1, updates={'status': 'Open', 'priority': 4, 'title': None})",
        "edit_ticket(ticket_id=1, updates={'owner': 'me'})",
        "edit_ticket(ticket_id=1, updates='status')",
        'edit_ticket(ticket_id=7, updates={})',
        'close_ticket(ticket_id=8)',
        "resolve_ticket(ticket_id=9, resolution='x')",
      ]),
    ).toEqual([
      '{"status": "Ticket 1 has been closed successfully."}',
      '{"error": "Ticket with ID 1 is already closed."}',
      '{"status": "Ticket 2 has been resolved successfully."}',
      '{"error": "Ticket with ID 2 is already resolved."}',
      '{"status": "Ticket 1 has been updated successfully."}',
      '{"error": "Invalid fields for update: owner"}',
      "Error during execution: 'str' object has no attribute 'keys'",
      '{"error": "Ticket with ID 7 not found."}',
      '{"error": "Ticket with ID 8 not found."}',
      '{"error": "Ticket with ID 9 not found."}',
    ]);
    expect(stateOf(world)).toEqual({
      ticket_queue: [
        { id: 1, title: 'A', description: '', status: 'Open', priority: 4, created_by: 'ann' },
        { id: 2, title: 'B', description: 'd', status: 'Resolved', priority: 2, created_by: 'bob', resolution: 'Done' },
      ],
      ticket_counter: 3,
      current_user: 'ann',
    });
  });

  it("lists the logged-in user's tickets, by status without case, until logout", () => {
    const world = worldOf({
      current_user: 'ann',
      ticket_queue: [
        { id: 1, title: 'A', description: '', status: 'Open', priority: 1, created_by: 'ann' },
        { id: 2, title: 'B', description: '', status: 'Closed', priority: 5, created_by: 'ann' },
        { id: 3, title: 'C', description: '', status: 'Open', priority: 2, created_by: 'bob' },
      ],
    });
    expect(
      world.execute([
        'get_user_tickets()',
        "get_user_tickets(status='open')",
        "get_user_tickets(status='CLOSED')",
        "get_user_tickets(status='')",
        'get_user_tickets(status=3)',
        'logout()',
        'logout()',
        'get_user_tickets()',
        "ticket_login(username='', password='x')",
        "ticket_login(username='bob', password='')",
        "ticket_login(username='bob', password='x')",
        'get_user_tickets()',
      ]),
    ).toEqual([
      "[{'id': 1, 'title': 'A', 'description': '', 'status': 'Open', 'priority': 1, 'created_by': 'ann'}, {'id': 2, 'title': 'B', 'description': '', 'status': 'Closed', 'priority': 5, 'created_by': 'ann'}]",
      "[{'id': 1, 'title': 'A', 'description': '', 'status': 'Open', 'priority': 1, 'created_by': 'ann'}]",
      "[{'id': 2, 'title': 'B', 'description': '', 'status': 'Closed', 'priority': 5, 'created_by': 'ann'}]",
      "[{'id': 1, 'title': 'A', 'description': '', 'status': 'Open', 'priority': 1, 'created_by': 'ann'}, {'id': 2, 'title': 'B', 'description': '', 'status': 'Closed', 'priority': 5, 'created_by': 'ann'}]",
      "Error during execution: 'int' object has no attribute 'lower'",
      '{"success": true}',
      '{"success": false}',
      "[{'error': 'User not authenticated. Please log in to view tickets.'}]",
      '{"success": false}',
      '{"success": false}',
      '{"success": true}',
      "[{'id': 3, 'title': 'C', 'description': '', 'status': 'Open', 'priority': 2, 'created_by': 'bob'}]",
    ]);
    expect(stateOf(world)).toEqual({
      ticket_queue: [
        { id: 1, title: 'A', description: '', status: 'Open', priority: 1, created_by: 'ann' },
        { id: 2, title: 'B', description: '', status: 'Closed', priority: 5, created_by: 'ann' },
        { id: 3, title: 'C', description: '', status: 'Open', priority: 2, created_by: 'bob' },
      ],
      ticket_counter: 1,
      current_user: 'bob',
    });
  });

  it("a scenario ticket without an id or a creator stops the search with Python's KeyError", () => {
    const world = worldOf({
      current_user: 'ann',
      ticket_queue: [{ id: 7423, status: 'unresolved' }, { title: 'no id' }],
    });
    expect(
      world.execute([
        'get_ticket(ticket_id=7423)',
        'get_user_tickets()',
        'get_ticket(ticket_id=1)',
        'close_ticket(ticket_id=7423)',
      ]),
    ).toEqual([
      '{"id": 7423, "status": "unresolved"}',
      "Error during execution: 'created_by'",
      "Error during execution: 'id'",
      '{"status": "Ticket 7423 has been closed successfully."}',
    ]);
    expect(stateOf(world)).toEqual({
      ticket_queue: [{ id: 7423, status: 'Closed' }, { title: 'no id' }],
      ticket_counter: 1,
      current_user: 'ann',
    });
  });

  it('starts empty with counter 1 when the entry gives no TicketAPI config', () => {
    const world = worldOf({});
    expect(world.execute(["ticket_login(username='ann', password='pw')", "create_ticket(title='First')"])).toEqual([
      '{"success": true}',
      '{"id": 1, "title": "First", "description": "", "status": "Open", "priority": 1, "created_by": "ann"}',
    ]);
    expect(stateOf(world)).toEqual({
      ticket_queue: [{ id: 1, title: 'First', description: '', status: 'Open', priority: 1, created_by: 'ann' }],
      ticket_counter: 2,
      current_user: 'ann',
    });
  });
});
