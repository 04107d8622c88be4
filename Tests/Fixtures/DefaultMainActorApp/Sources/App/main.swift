// The app's entry point: one request, so that the app target links Networking as an app does.
import Networking

let networking = Networking(baseURL: "https://api.example.com")
print(networking)
