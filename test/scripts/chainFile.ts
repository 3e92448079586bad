// A JetBrains-style chain against the local sandbox, as a JetBrains user writes it: a handler stores
// what the next request needs in client.global (a fresh test user, then its access token), a
// pre-request script sets a variable that the v2 signature covers, a client.test that fails.
// Shared by the CLI test and the language-server test, which must read the same file the same way.

/** Handlers only: each request reads what the one before it stored. */
export const CHAIN = `
### a fresh test user
# @name testUser
POST {{base_url}}/sandbox/test-users

> {%
  client.global.set("user", response.body.userEmail);
  client.log("test user", response.body.userEmail, "content type", response.contentType.mimeType);
%}

### the user's access token
# @name login
POST {{base_url}}/v3/auth/tokens
Content-Type: application/json

{ "userEmail": "{{user}}" }

> {%
  client.global.set("accessToken", response.body.data.accessToken);
  client.test("a token is issued", function () {
    client.assert(response.status === 200, "expected 200, got " + response.status);
    client.assert(typeof response.body.data.accessToken === "string", "no accessToken in the body");
  });
  client.log("token", response.body.data.accessToken);
%}

### the token, used by the next request
# @name balances
GET {{base_url}}/v3/fund/balances?currency=USDT
Authorization: Bearer {{accessToken}}

> {%
  client.test("the token is accepted", function () {
    client.assert(response.body.code === "SUCCESS", "code " + response.body.code);
  });
%}
`;

/** A pre-request script whose variable is signed (v2 get-kyc-information signs partnerCode|userEmail). */
export const PRE_SIGNED = `
### signed with a variable a pre-request script set
# @name signedByScript
< {%
  request.variables.set("email", "pre-" + request.environment.get("partnerCode").length + "@example.com");
%}
POST {{base_url}}/api/v2/user/get-kyc-information
Content-Type: application/json

{ "partnerCode": "{{partnerCode}}", "userEmail": "{{email}}" }
`;

/** A handler test that does not hold. */
export const FAILING_TEST = `
### a test that fails
# @name failing
POST {{base_url}}/sandbox/test-users

> {%
  client.test("status is 201", function () {
    client.assert(response.status === 201, "expected 201, got " + response.status);
  });
%}
`;

export const ENDLESS_LOOP = `
### a handler that never ends
# @name looping
POST {{base_url}}/sandbox/test-users

> {% while (true) {} %}
`;

export const ENDLESS_ALLOCATION = `
### a handler that allocates without end
# @name hoarding
POST {{base_url}}/sandbox/test-users

> {%
  const kept = [];
  for (;;) kept.push(new Array(1e5).fill(kept.length));
%}
`;
