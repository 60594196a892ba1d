import { graphqlConfig, graphqlPages, graphqlRoutes } from '../../src/platform/graphql.js';

describe('GraphQL reference pages', () => {
  it('reads the query and mutation fields and the types other than the roots', () => {
    const sdl = [
      '"""The root."""',
      'type Query {',
      '  "Every user." users(first: Int = 10, filter: UserFilter): [User!]! @deprecated(reason: "use people")',
      '  user(id: ID!): User',
      '  # node(id: ID!): Node',
      '}',
      'extend type Query { me: User }',
      'type Mutation { createUser(input: CreateUserInput!): User }',
      'type Subscription { userAdded: User }',
      'interface Node { id: ID! }',
      'type User implements Node @key(fields: "id") { id: ID! name: String }',
      'input CreateUserInput { name: String! }',
      'input UserFilter { name: String }',
      'enum Role { ADMIN USER }',
      'union Result = User | Role',
      'scalar Date',
      'directive @key(fields: String!) on OBJECT',
    ].join('\n');
    expect(graphqlPages(sdl)).toEqual({
      queries: ['users', 'user', 'me'],
      mutations: ['createUser'],
      types: ['Node', 'User', 'CreateUserInput', 'UserFilter', 'Role', 'Result'],
    });
  });

  it('takes the root types a schema block names', () => {
    const sdl =
      'schema { query: Root mutation: Change }\ntype Root { a: Int }\ntype Change { b: Int }\ntype Query { c: Int }\n';
    expect(graphqlPages(sdl)).toEqual({ queries: ['a'], mutations: ['b'], types: ['Query'] });
  });

  it('puts the pages under the directory, graphql-reference by default', () => {
    expect(graphqlConfig('schema.graphql')).toEqual({ source: 'schema.graphql', directory: 'graphql-reference' });
    expect(graphqlConfig({ source: 'api.graphql', directory: './api/' })).toEqual({
      source: 'api.graphql',
      directory: 'api',
    });
    expect(graphqlConfig({ directory: 'api' })).toBeUndefined();
    expect(graphqlRoutes({ queries: ['users'], mutations: ['createUser'], types: ['User'] }, 'api')).toEqual([
      'api/queries/users',
      'api/mutations/createUser',
      'api/types/User',
    ]);
  });
});
