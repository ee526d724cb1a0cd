import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { parseTools } from '../../../shared/formats/tools';
import { pointerAsFieldPath } from '../../../shared/formats/tools/openapi-links';

const SPEC = path.join(__dirname, '..', '..', 'fixtures', 'tools', 'labelled', 'oncall-sre.openapi.yaml');

/** The on-call spec with the links its author might declare: one inline, one through components. */
function withLinks(): string {
  const doc = parse(fs.readFileSync(SPEC, 'utf8'));
  doc.paths['/incidents'].post.responses['201'].links = {
    PageOncall: { operationId: 'page_oncall', parameters: { incident_id: '$response.body#/incident_id' } },
  };
  doc.paths['/services/{service}/deploys'].get.responses['200'].links = {
    RollBack: { $ref: '#/components/links/RollbackToPrevious' },
  };
  doc.components.links = {
    RollbackToPrevious: {
      operationId: 'rollback_deploy',
      parameters: { to_version: '$response.body#/deploys/1/version', 'path.service': '$request.path.service' },
    },
  };
  return stringify(doc);
}

describe("an OpenAPI document's links", () => {
  it('arrive as drawn dependencies, from the response field to the linked parameter', () => {
    const { tools, edges } = parseTools('openapi', withLinks());
    expect(tools).toHaveLength(11);
    expect(edges).toEqual([
      {
        kind: 'dependency',
        fromTool: 'get_deploy_history',
        fromPath: 'deploys[1].version',
        toTool: 'rollback_deploy',
        toParam: 'to_version',
      },
      {
        kind: 'dependency',
        fromTool: 'create_incident',
        fromPath: 'incident_id',
        toTool: 'page_oncall',
        toParam: 'incident_id',
      },
    ]);
    expect(parseTools('openapi', fs.readFileSync(SPEC, 'utf8')).edges).toEqual([]);
  });

  it('read JSON pointers as field paths', () => {
    expect(pointerAsFieldPath('/deploys/0/version')).toBe('deploys[0].version');
    expect(pointerAsFieldPath('/a~1b')).toBe('a/b');
    expect(pointerAsFieldPath('')).toBeNull();
    expect(pointerAsFieldPath('/0')).toBeNull();
  });
});
