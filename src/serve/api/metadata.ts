/**
 * OPTIONS bodies as DRF's SimpleMetadata writes them for an anonymous caller (docs/froide.md#methods-and-options):
 * no `actions`, because nobody passes the permission check for writes here.
 */
import type { ApiRoute } from './api-route.ts';
import { SCHEMA_DESCRIPTION, SCHEMA_RENDERS } from './schema-view.ts';
import { ACCOUNT_VIEWS, RENDERS } from '../../api/resources/declaration-spec.ts';
import { RESOURCES } from '../../api/resources/declaration-registry.ts';

const PARSES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

export function viewName(route: Exclude<ApiRoute, { kind: 'none' }>): string {
  if (route.kind === 'root') return 'Api Root';
  // DRF's name of froide's SpectacularJSONAPIView.
  if (route.kind === 'schema') return 'Spectacular JSONAPI';
  if (route.kind === 'schema-ui') return 'Spectacular Swagger';
  if (route.kind === 'action' || route.kind === 'write-action') return route.action.viewName;
  if (route.kind === 'account') return ACCOUNT_VIEWS[route.account].viewName;
  return `${RESOURCES[route.resource].viewName} ${route.kind === 'list' ? 'List' : 'Instance'}`;
}

/**
 * froide's renderers of a view (docs/froide.md#formats-and-links, docs/froide.md#methods-and-options): DRF's defaults (JSON, CSV, browsable HTML),
 * which the root view has too, plus the resource's own; an extra action has its viewset's.
 */
export function rendersOf(route: Exclude<ApiRoute, { kind: 'none' }>): readonly string[] {
  if (route.kind === 'schema') return SCHEMA_RENDERS;
  if (route.kind === 'schema-ui') return ['text/html'];
  // The account views are plain APIViews with DRF's default renderers.
  return route.kind === 'root' || route.kind === 'account' ? RENDERS : RESOURCES[route.resource].renders;
}

export function optionsBody(route: Exclude<ApiRoute, { kind: 'none' }>): Record<string, unknown> {
  return {
    name: viewName(route),
    // DRF's APIRootView docstring; froide's viewsets have none (docs/froide.md#methods-and-options).
    description: route.kind === 'root' ? 'The default basic root view for DefaultRouter' : route.kind === 'schema' ? SCHEMA_DESCRIPTION : '',
    renders: [...rendersOf(route)],
    parses: PARSES,
  };
}
