// The code blocks of the sections of the DocC articles "Retries" and "Errors"
// (Sources/Networking/Networking.docc) on listening to the server: Retry-After, idempotency keys,
// the circuit breaker, rate limits and problem details; compiled here and never run.
import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private enum MannersSnippets {
    typealias User = DocModels.User
    typealias NewUser = DocModels.NewUser

    // Retries, "Honour the server's Retry-After".
    static func retryAfter(networking: Networking) async {
        let patient = RetryInterceptor(maxAttempts: 3, maxDelay: .seconds(10))
        await networking.setInterceptors([patient])
        let result: Result<User, NetworkingError> = await networking.get("/users/1")
        if case .failure(.http(let error)) = result, let wait = error.retryAfter {
            print("The server asked to come back in \(wait).")
        }
    }

    // Retries, "Retry a POST safely with an idempotency key".
    static func idempotencyKeys(networking: Networking) async {
        let keyed = RetryInterceptor(maxAttempts: 3, idempotencyKeys: true)
        await networking.setInterceptors([keyed])
        let created: Result<User, NetworkingError> = await networking.post("/users", body: NewUser(name: "Ada"))
        _ = created
    }

    // Retries, "Leave a failing server alone with a circuit breaker".
    static func circuitBreaker(networking: Networking) async {
        let breaker = CircuitBreakerInterceptor(failureThreshold: 5, window: .seconds(60), coolDown: .seconds(30))
        await networking.setInterceptors([RetryInterceptor(), breaker])
        let answer: Result<User, NetworkingError> = await networking.get("/users/1")
        if case .failure(let error) = answer, let open = error.openCircuit {
            print("\(open.origin) is resting until \(open.retryAt)")
        }
    }

    // Retries, "Leave a failing server alone with a circuit breaker": its transitions.
    static func watch(_ breaker: CircuitBreakerInterceptor) async {
        for await transition in breaker.transitions() {
            switch transition {
            case .opened(let circuit): print("holding back \(circuit.origin) until \(circuit.retryAt)")
            case .closed(let origin): print("\(origin) answers again")
            }
        }
    }

    // Retries, "Stay within the server's rate limit".
    static func rateLimit(networking: Networking) async {
        await networking.setInterceptors([RateLimitInterceptor(whenSpent: .wait(atMost: .seconds(5)))])
        let listed: Result<[User], NetworkingError> = await networking.get("/users")
        if case .failure(let error) = listed, let quota = error.spentQuota {
            print("No more requests to \(quota.origin) until \(quota.resetAt)")
        }
    }

    // Errors, "Read the server's problem details".
    static func problemDetails(result: Result<User, NetworkingError>) {
        if case .failure(.http(let httpError)) = result, let problem = httpError.problem {
            print(problem.type, problem.title ?? "", problem.detail ?? "")
            if case .int(let balance)? = problem.extensions["balance"] {
                print("balance:", balance)
            }
        }
    }
}
