import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'tools');

/** The CLI with its own config folder (where secrets and consent live), and `input` on standard input. */
function trellis(home: string, args: string[], input = '') {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    input,
    env: { ...process.env, TRELLIS_HOME: home },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('trellis graph import-tools', () => {
  it('reads an API description of any format into a new graph, then adds chosen operations renamed, and names unset secrets', () => {
    const home = tempDir();
    const workspace = path.join(tempDir(), 'api.trellis');
    const yaml = path.join(FIXTURES, 'oncall-openapi-3.1.yaml');
    const first = trellis(home, [
      'graph',
      'import-tools',
      yaml,
      '--graph',
      'On-call',
      '--workspace',
      workspace,
      '--json',
    ]);
    expect(first.code, first.err).toBe(0);
    expect(JSON.parse(first.out)).toMatchObject({
      ok: true,
      created: true,
      format: 'openapi',
      tools: ['get_deploy_history', 'rollback_deploy', 'add_incident_note', 'get_status', 'get_status_history'],
      secrets: [
        { name: 'on-call-ops-api/apiKey', set: false },
        { name: 'on-call-ops-api/bearerAuth', set: false },
        { name: 'on-call-ops-api/basicAuth', set: false },
      ],
      warnings: [expect.stringMatching(/^The API's server "\/v2" is relative/)],
    });

    const secret = trellis(home, ['graph', 'secret', 'on-call-ops-api/apiKey'], 'k-123\n');
    expect(secret.code, secret.err).toBe(0);
    expect(secret.out).toBe('Set the secret on-call-ops-api/apiKey on this machine.\n');
    expect(fs.readFileSync(workspace).includes('k-123')).toBe(false);

    const again = trellis(home, [
      'graph',
      'import-tools',
      yaml,
      '--graph',
      'On-call',
      '--workspace',
      workspace,
      '--tag',
      'status',
      '--source',
      'https://ops.example.net/specs/oncall.yaml',
    ]);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toBe(
      'Added 2 of 5 tools from oncall-openapi-3.1.yaml (OpenAPI) to the graph "On-call", 2 renamed as their names ' +
        'were taken (get_status → get_status_2, get_status_history → get_status_history_2).\n' +
        'Its tools send secrets not set on this machine: on-call-ops-api/bearerAuth, on-call-ops-api/basicAuth. ' +
        'Set each once with: trellis graph secret NAME\n',
    );
  });

  it('refuses a format it does not know, text in no tools format, and a tag no operation has, saying what to do', () => {
    const home = tempDir();
    const workspace = path.join(tempDir(), 'api.trellis');
    const swagger = path.join(FIXTURES, 'shop-swagger2.json');
    const badFormat = trellis(home, [
      'graph',
      'import-tools',
      swagger,
      '--graph',
      'G',
      '--workspace',
      workspace,
      '--format',
      'raml',
    ]);
    expect(badFormat.code).toBe(2);
    expect(badFormat.err).toContain(
      '"raml" is not a tools format. Name one of openai, anthropic, gemini, mcp, bfcl, openapi, trellis.',
    );
    const notes = path.join(tempDir(), 'notes.txt');
    fs.writeFileSync(notes, 'remember the milk');
    const unknown = trellis(home, ['graph', 'import-tools', notes, '--graph', 'G', '--workspace', workspace]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('notes.txt is not in a tools format Trellis recognizes');
    const noTag = trellis(home, [
      'graph',
      'import-tools',
      swagger,
      '--graph',
      'G',
      '--workspace',
      workspace,
      '--tag',
      'pets',
    ]);
    expect(noTag.code).toBe(2);
    expect(noTag.err).toContain('No operation has the tag "pets". Its tags: orders, stock.');
  });
});
