import BarcodeWallet
import Foundation
import Hummingbird
import WebCore

/// `/barcodes/profile`: log in, create a profile, log out, delete the profile.
extension BarcodeScreenRoutes {
    struct LoginForm: Decodable {
        let nickname: String
        let password: String
        /// The page that asked for the log-in (``LoginRequired/safeNext(_:)``).
        let next: String?
    }

    struct RegisterForm: Decodable {
        let nickname: String
        let password: String
        let firstName: String
        let lastName: String
        let address: String
        let email: String
        let paymentNumber: String?
        let next: String?

        var profile: NewProfile {
            NewProfile(
                nickname: nickname, password: password, firstName: firstName, lastName: lastName, address: address, email: email,
                paymentNumber: paymentNumber ?? "")
        }
    }

    struct DeleteForm: Decodable {
        let password: String
    }

    func registerProfile(on group: RouterGroup<WebRequestContext>) {
        group.get("profile") { request, _ in profilePage(request) }
        group.post("login") { request, context in try await logIn(request, context) }
        group.post("register") { request, context in try await registerProfile(request, context) }
        group.post("logout") { request, _ in try logOut(request) }
        group.post("profile/delete") { request, context in try await deleteProfile(request, context) }
        group.post("profile") { request, context in try await editProfile(request, context) }
        group.post("profile/password") { request, context in try await changePassword(request, context) }
    }

    private func editProfile(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        guard let user = sessions.signedInUser(request) else {
            throw screens.failure(.unauthorized, "Log in first: only your own profile can be changed.", back: "/barcodes/profile")
        }
        let fields = try await FormBody.fields(from: request)
        let changes = WalletStore.ProfileChanges(
            firstName: fields["firstName"] ?? "", lastName: fields["lastName"] ?? "", address: fields["address"] ?? "", email: fields["email"] ?? "",
            paymentNumber: fields["paymentNumber"])
        do throws(WalletError) {
            try store.updateProfile(userID: user.id, changes)
        } catch {
            return try profilePage(request, editError: error.localizedDescription, status: error.status).response(from: request, context: context)
        }
        return seeOther("/barcodes/profile?done=profile")
    }

    private func changePassword(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        guard let user = sessions.signedInUser(request) else {
            throw screens.failure(.unauthorized, "Log in first: only your own password can be changed.", back: "/barcodes/profile")
        }
        let fields = try await FormBody.fields(from: request)
        let token = sessions.token(of: request)
        let outcome = try await SlowWork.current.result { () throws(WalletError) in
            try store.changePassword(userID: user.id, current: fields["currentPassword"] ?? "", new: fields["newPassword"] ?? "", keepingSession: token)
        }
        do throws(WalletError) {
            try outcome.get()
        } catch {
            return try profilePage(request, passwordError: error.localizedDescription, status: error.status).response(from: request, context: context)
        }
        return seeOther("/barcodes/profile?done=password")
    }

    private func logIn(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let form = try await FormBody.decode(LoginForm.self, from: request)
        let outcome = try await sessions.logIn(nickname: form.nickname, password: form.password, context: context)
        let session: WalletSession
        do throws(WalletError) {
            session = try outcome.get()
        } catch {
            return try profilePage(request, loginError: error.localizedDescription, status: error.status)
                .response(from: request, context: context)
        }
        try sessions.claimDevice(request, session.user)
        var response = seeOther(LoginRequired.safeNext(form.next))
        response.setCookie(WalletSessions.cookie(for: session))
        return response
    }

    private func registerProfile(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let form = try await FormBody.decode(RegisterForm.self, from: request)
        let outcome = try await SlowWork.current.result { () throws(WalletError) in
            _ = try store.register(form.profile)
            return try store.logIn(nickname: form.nickname, password: form.password)
        }
        let session: WalletSession
        do throws(WalletError) {
            session = try outcome.get()
        } catch {
            return try profilePage(request, registerError: error.localizedDescription, status: error.status)
                .response(from: request, context: context)
        }
        try sessions.claimDevice(request, session.user)
        var response = seeOther(form.next.map { LoginRequired.safeNext($0) } ?? "/barcodes/profile")
        response.setCookie(WalletSessions.cookie(for: session))
        return response
    }

    private func logOut(_ request: Request) throws -> some ResponseGenerator {
        if let token = sessions.token(of: request) { store.logOut(token: token) }
        var response = seeOther("/barcodes/profile")
        response.setCookie(WalletSessions.clearingCookie)
        // The offline copies of the account's orders and tickets go with the session (issue 42).
        response.headers[OfflineCopies.clearSiteData] = OfflineCopies.clearing
        return response
    }

    private func deleteProfile(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let form = try await FormBody.decode(DeleteForm.self, from: request)
        guard let user = sessions.signedInUser(request) else {
            throw screens.failure(.unauthorized, "Log in first: only your own profile can be deleted.", back: "/barcodes/profile")
        }
        let outcome = try await SlowWork.current.result { () throws(WalletError) in try store.deleteProfile(userID: user.id, password: form.password) }
        do throws(WalletError) {
            try outcome.get()
        } catch {
            return try profilePage(request, deleteError: error.localizedDescription, status: error.status)
                .response(from: request, context: context)
        }
        try sessions.accountDeleted(user.id)
        var response = seeOther("/barcodes/profile")
        response.setCookie(WalletSessions.clearingCookie)
        response.headers[OfflineCopies.clearSiteData] = OfflineCopies.clearing
        return response
    }

    func profilePage(
        _ request: Request, loginError: String? = nil, registerError: String? = nil, deleteError: String? = nil, editError: String? = nil,
        passwordError: String? = nil, status: HTTPResponse.Status = .ok
    ) -> HTML {
        let user = sessions.signedInUser(request)
        let page = ProfilePage(
            signedIn: user.map(WalletUserView.init),
            signedOut: user == nil
                ? .init(defaultNickname: sessions.singleUser ? store.defaultUser.nickname : nil,
                        next: request.uri.queryParameters["next"].map { LoginRequired.safeNext(String($0)) })
                : nil,
            loginError: loginError, registerError: registerError, deleteError: deleteError, editError: editError, passwordError: passwordError,
            done: request.uri.queryParameters["done"].map { $0 == "password" ? "Your password is changed; your other sessions ended." : "Your profile is saved." })
        return screens.page("barcodes/profile", page, status: status)
    }
}
